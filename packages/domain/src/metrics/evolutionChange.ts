import type { FigureChangeKind } from '../format/figureChange.ts';
import { PERCENT_DECIMALS, metricDecimals } from '../format/formatMetricValue.ts';
import { metricDefinition } from './catalogue/metricLookup.ts';

/** The unit word of an evolution in points, as the engine's answer names it (the web writes the language's word). */
export const POINTS_UNIT = 'pts';

/**
 * How the "evolution" aggregation measures a metric's change, by the rule of the KPI cards'
 * `figureChange`: a rate (a metric in percent) and a score (1..3, comfort 1..5) by the difference in
 * points, since a percentage of a percentage or of a level reads as a level; a figure on a scale whose
 * zero is arbitrary (°C, `arbitraryZero`) by the difference in its unit, since a percentage of
 * 22.6 °C means nothing; every other figure (counts, sums, money, durations) relatively, in percent.
 */
export function evolutionKind(metricId: string): FigureChangeKind {
  const definition = metricDefinition(metricId);
  if (definition?.percentage || definition?.scale) return 'points';
  if (definition?.arbitraryZero) return 'difference';
  return 'relative';
}

/** The unit of a metric's evolution: "%" for a relative change, "pts" for points, the metric's own for a difference. */
export function evolutionUnit(metricId: string): string | null {
  const kind = evolutionKind(metricId);
  if (kind === 'relative') return '%';
  if (kind === 'points') return POINTS_UNIT;
  return metricDefinition(metricId)?.unit ?? null;
}

/**
 * One bucket's evolution from the previous value `was` to `value`: their difference for points and
 * differences (a previous 0 °C or 0 % is a value like any other), the relative change in percent
 * otherwise (none from a previous zero, which has no relative change). Null when either is missing.
 */
export function evolutionValue(metricId: string, value: number | null | undefined, was: number | null | undefined): number | null {
  if (value == null || was == null || !Number.isFinite(value) || !Number.isFinite(was)) return null;
  if (evolutionKind(metricId) !== 'relative') return value - was;
  return was === 0 ? null : ((value - was) / Math.abs(was)) * 100;
}

/**
 * The decimals an evolution is written with: a percentage's two for a relative change, the metric's
 * for a difference or a rate's points, and at least one for a score's points (an average comfort of
 * 3.4 against 3.1 moved by 0.3, which the score's whole levels would round away).
 */
export function evolutionDecimals(metricId: string): number {
  const kind = evolutionKind(metricId);
  if (kind === 'relative') return PERCENT_DECIMALS;
  return metricDefinition(metricId)?.scale ? Math.max(1, metricDecimals(metricId)) : metricDecimals(metricId);
}
