import { metricDefinition } from '../metrics/catalogue/metricLookup.ts';

/** Axis steps for durations in seconds (spec 001 §9): 30 s, 1 .. 30 min, 1, 2, 5 and 10 h. */
export const DURATION_AXIS_STEPS: readonly number[] = [
  30, 60, 90, 120, 180, 240, 300, 600, 900, 1800, 3600, 7200, 18_000, 36_000,
];
/** Ticks above zero an axis aims for: "about 4 or fewer". */
export const AXIS_TARGET_TICKS = 4;

const NICE_FACTORS = [1, 2, 2.5, 5, 10] as const;

/**
 * A round step (1, 2, 2.5 or 5 times a power of ten) so that |max| fits in at most `targetTicks`
 * steps above zero. 1 for zero or a non-finite max.
 */
export function niceAxisStep(max: number, targetTicks = AXIS_TARGET_TICKS): number {
  const span = Math.abs(max);
  if (!Number.isFinite(span) || span === 0) return 1;
  const raw = span / Math.max(1, Math.floor(targetTicks));
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const factor = NICE_FACTORS.find((f) => f * magnitude >= raw * (1 - 1e-12)) ?? 10;
  return factor * magnitude;
}

/**
 * The smallest duration step of §9 that fits |maxSeconds| in 4 ticks or fewer. Past 40 h, a whole
 * number of 10 h (1, 2, 2.5 -> 3, 5 or 10 times a power of ten) keeps the count at 4 or fewer.
 */
export function durationAxisStep(maxSeconds: number): number {
  const span = Math.abs(maxSeconds);
  if (!Number.isFinite(span) || span === 0) return DURATION_AXIS_STEPS[0] ?? 30;
  const fits = DURATION_AXIS_STEPS.find((step) => span / step <= AXIS_TARGET_TICKS);
  if (fits !== undefined) return fits;
  const tenHours = 36_000;
  return Math.ceil(niceAxisStep(span / tenHours)) * tenHours;
}

export interface ScoreAxis {
  min: 0;
  max: number;
  interval: 1;
}

/** Comfort-type scores: an axis from 0 to the scale's maximum (5 comfort, 3 others), ticks every 1. */
export function scoreAxis(metricId: string): ScoreAxis | null {
  const scale = metricDefinition(metricId)?.scale;
  return scale ? { min: 0, max: scale.max, interval: 1 } : null;
}
