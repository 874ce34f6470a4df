import { localeNumberFormat, withoutBidiMarks } from './localeNumberFormat.ts';

/** Decimals of a percentage, whatever the metric (spec 001 §9). */
export const PERCENT_DECIMALS = 2;

/**
 * A percentage (the value already in 0..100) in the language's own way, through Intl's percent style:
 * "14.52%" in English, "14,52 %" in French, "14.52%" in Arabic (with the digits Intl gives Arabic,
 * as every other figure of the app). `decimals` defaults to the spec's 2; "-" when missing.
 */
export function formatPercent(value: number | null | undefined, locale: string, decimals = PERCENT_DECIMALS): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return withoutBidiMarks(localeNumberFormat(locale, decimals, { style: 'percent' }).format(value / 100));
}
