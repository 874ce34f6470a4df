import { changeKind } from '../format/figureChange.ts';
import { metricDefinition } from './catalogue/metricLookup.ts';

/** The unit word of an evolution in points, as the engine's answer names it (the web writes the language's word). */
export const POINTS_UNIT = 'pts';

/** The unit of a metric's evolution: "%" for a relative change, "pts" for points, the metric's own for a difference. */
export function evolutionUnit(metricId: string): string | null {
  const kind = changeKind(metricId);
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
  if (changeKind(metricId) !== 'relative') return value - was;
  return was === 0 ? null : ((value - was) / Math.abs(was)) * 100;
}
