import { isRtl } from '../i18n/languages.ts';
import { metricDefinition } from '../metrics/catalogue/metricLookup.ts';
import { PERCENT_DECIMALS, formatMetricValue, metricDecimals } from './formatMetricValue.ts';

/** A figure's change against the compared one, as a person reads it. */
export interface FigureChange {
  amount: number;
  /** In percentage points (a rate: 30.75 % → 32.11 % is +1.36 points), else a relative change in percent. */
  inPoints: boolean;
}

/**
 * How a figure moved: a rate or share (a metric in percent: capture, conversion, humidity ...) by
 * the difference of the two values, in points, since "+4.42 %" of a 30.75 % capture rate reads as
 * 35 %; any other figure by its relative change (`relative`, the evolution in percent). Null when the
 * change is not known.
 */
export function figureChange(metricId: string, value: number | null | undefined, previous: number | null | undefined, relative: number | null | undefined): FigureChange | null {
  if (metricDefinition(metricId)?.percentage) {
    if (value == null || previous == null || !Number.isFinite(value) || !Number.isFinite(previous)) return null;
    return { amount: value - previous, inPoints: true };
  }
  return relative == null || !Number.isFinite(relative) ? null : { amount: relative, inPoints: false };
}

/**
 * A change's signed number: "+4.42 %" for a relative change, "+1.36" for points (the caller writes
 * the language's word for points around it, outside a left-to-right run of the number in Arabic).
 * A change that rounds to zero has no sign.
 */
export function figureChangeNumber(metricId: string, change: FigureChange, locale: string): string {
  const text = change.inPoints ? formatMetricValue(metricId, change.amount, { locale, hideUnit: true }) : formatMetricValue(metricId, change.amount, { locale, isPercentage: true });
  const decimals = change.inPoints ? metricDecimals(metricId) : PERCENT_DECIMALS;
  return Math.round(change.amount * 10 ** decimals) > 0 ? `+${text}` : text;
}

/** Left-to-right isolate (U+2066) and its end (U+2069): a run that keeps its own order inside right-to-left text. */
const LRI = '\u2066';
const PDI = '\u2069';

/**
 * A change as text: its number, and for points the language's "{{value}} pts" around it. In a
 * right-to-left language the signed number is isolated as a left-to-right run (plain text has no
 * markup: an e-mail's text part and its HTML alike), so "+4.96 %" keeps its sign before the number
 * instead of reading "4.96+".
 */
export function formatFigureChange(metricId: string, change: FigureChange, locale: string, points: (value: string) => string): string {
  const number = figureChangeNumber(metricId, change, locale);
  const signed = isRtl(locale) ? `${LRI}${number}${PDI}` : number;
  return change.inPoints ? points(signed) : signed;
}
