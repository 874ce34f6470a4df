import { localeNumberFormat, withoutBidiMarks } from './localeNumberFormat.ts';

/** Decimals of an amount of money (spec 001 §9: turnover 2, spec 002 §9: funnel money 2). */
export const MONEY_DECIMALS = 2;

/** The ISO 4217 code of a catalogue's money unit ("€"), null for a unit that is not money. */
export function currencyOfUnit(unit: string | null | undefined): string | null {
  return unit === '€' ? 'EUR' : null;
}

/**
 * An amount of money in the language's own way, through Intl's currency style: "€89.72" in English,
 * "89,72 €" in French and German; `currency` is an ISO 4217 code ("EUR"). "-" when missing.
 */
export function formatMoney(value: number | null | undefined, locale: string, currency: string, decimals = MONEY_DECIMALS): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  let format: Intl.NumberFormat;
  try {
    format = localeNumberFormat(locale, decimals, { style: 'currency', currency });
  } catch {
    // An unknown currency code: the amount with the code after it, never a lost figure.
    return `${withoutBidiMarks(localeNumberFormat(locale, decimals).format(value))} ${currency}`;
  }
  return withoutBidiMarks(format.format(value));
}
