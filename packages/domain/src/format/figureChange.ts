import { isRtl } from '../i18n/languages.ts';
import { metricDefinition } from '../metrics/catalogue/metricLookup.ts';
import { formatMetricValue, metricDecimals } from './formatMetricValue.ts';
import { PERCENT_DECIMALS } from './formatPercent.ts';

/**
 * How a change is measured: `points`, the difference of a rate in percentage points (30.75 % →
 * 32.11 % is +1.36 points); `difference`, the difference in the metric's own unit, for a scale whose
 * zero is arbitrary (22.5 °C → 22.6 °C is +0.1 °C); `relative`, a relative change in percent.
 */
export type FigureChangeKind = 'relative' | 'points' | 'difference';

/** A figure's change against the compared one, as a person reads it. */
export interface FigureChange {
  amount: number;
  kind: FigureChangeKind;
}

/** Which way a change goes as it is shown: up, down, or flat (none, or one that rounds to zero). */
export type ChangeDirection = 'up' | 'down' | 'flat';

/**
 * The direction of a change written with `decimals` decimals: a change that reads as zero ("0 pts",
 * "0 %") is flat, whatever its sign before rounding, so an arrow, its colour and its spoken text
 * never contradict the number beside them.
 */
export function shownDirection(amount: number, decimals: number): ChangeDirection {
  const shown = Math.round(Math.abs(amount) * 10 ** decimals);
  if (!Number.isFinite(shown) || shown === 0) return 'flat';
  return amount > 0 ? 'up' : 'down';
}

/**
 * How a figure moved: a rate or share (a metric in percent: capture, conversion, humidity ...) by
 * the difference of the two values, in points, since "+4.42 %" of a 30.75 % capture rate reads as
 * 35 %; a figure on a scale whose zero is arbitrary (a temperature in °C: the catalogue's
 * `arbitraryZero`) by the difference in its unit, since a percentage of 22.6 °C means nothing; a
 * score on a scale (1..3, comfort 1..5: the catalogue's `scale`) by the difference, in points,
 * since a comfort going from 2 to 3 did not rise by 50 %; any other figure by its relative change (`relative`, the evolution in percent). Null when the change
 * is not known.
 */
export function figureChange(metricId: string, value: number | null | undefined, previous: number | null | undefined, relative: number | null | undefined): FigureChange | null {
  const kind = changeKind(metricId);
  if (kind !== 'relative') {
    if (value == null || previous == null || !Number.isFinite(value) || !Number.isFinite(previous)) return null;
    return { amount: value - previous, kind };
  }
  return relative == null || !Number.isFinite(relative) ? null : { amount: relative, kind: 'relative' };
}

/** How a metric's change is measured (figureChange's rule), wherever a change shows: KPI and home cards, mails, the evolution aggregation. */
export function changeKind(metricId: string): FigureChangeKind {
  const definition = metricDefinition(metricId);
  if (definition?.arbitraryZero) return 'difference';
  if (definition?.percentage || definition?.scale) return 'points';
  return 'relative';
}

/**
 * The relative change in percent a spreadsheet's "Change (%)" column holds: none for a metric whose
 * zero is arbitrary, since a percentage of 22.6 °C means nothing, nor for a score, whose levels are
 * ranks (a comfort from 2 to 3 did not rise by 50 %); their value and the previous one are beside
 * it. The evolution as the engine gave it for any other.
 */
export function relativeChange(metricId: string, evolution: number | null | undefined): number | null {
  const definition = metricDefinition(metricId);
  if (evolution == null || !Number.isFinite(evolution) || definition?.arbitraryZero || definition?.scale) return null;
  return evolution;
}

/**
 * The catalogue word of a change in points: a rate's are percentage points ("Pp." in German,
 * "p. p." in Spanish), a score's plain points ("Pkt.", "ptos."): a comfort does not move by
 * percentage points.
 */
export const pointsWordKey = (metricId: string): 'points' | 'scorePoints' => (metricDefinition(metricId)?.scale ? 'scorePoints' : 'points');

/** Decimals of a score's change: its value is a whole level, its mean over a period moves by tenths ("+0.3 pts"). */
export const SCORE_CHANGE_DECIMALS = 1;

/**
 * The decimals a change is written with: a percentage's for a relative change, a tenth for a score's
 * points, the metric's for any other difference or points.
 */
export function changeDecimals(metricId: string, kind: FigureChangeKind): number {
  if (kind === 'relative') return PERCENT_DECIMALS;
  return metricDefinition(metricId)?.scale ? SCORE_CHANGE_DECIMALS : metricDecimals(metricId);
}

/** Which way a change goes as `figureChangeNumber` writes it: "0 pts" is flat even from +0.001. */
export function figureChangeDirection(metricId: string, change: FigureChange): ChangeDirection {
  return shownDirection(change.amount, changeDecimals(metricId, change.kind));
}

/**
 * A change's signed number: "+4.42%" for a relative change (the language's percent), "+0.1 °C" for a difference, "+1.36"
 * for points (the caller writes the language's word for points around it, outside a left-to-right
 * run of the number in Arabic). A change that rounds to zero has no sign.
 */
export function figureChangeNumber(metricId: string, change: FigureChange, locale: string): string {
  const direction = figureChangeDirection(metricId, change);
  // A change that reads as zero is written as zero: no "-0.0 °C".
  const amount = direction === 'flat' ? 0 : change.amount;
  const text =
    change.kind === 'relative'
      ? formatMetricValue(metricId, amount, { locale, isPercentage: true })
      : formatMetricValue(metricId, amount, { locale, hideUnit: change.kind === 'points', decimals: changeDecimals(metricId, change.kind) });
  return direction === 'up' ? `+${text}` : text;
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
  return change.kind === 'points' ? points(signed) : signed;
}
