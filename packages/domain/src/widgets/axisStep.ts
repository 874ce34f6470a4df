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

/**
 * Steps between the labels of a time axis, in seconds: 15 and 30 min, 1, 2, 3, 4, 6 and 12 h, 1, 2
 * and 3 days, 1, 2 and 4 weeks, 1, 2, 3 and 6 months and a year (a month is 30 days, as in §9).
 */
export const TIME_LABEL_STEPS: readonly number[] = [
  900, 1800, 3600, 7200, 10_800, 14_400, 21_600, 43_200, 86_400, 172_800, 259_200, 604_800, 1_209_600, 2_419_200, 2_592_000, 5_184_000, 7_776_000,
  15_552_000, 31_104_000,
];
/** Least room between two time-axis labels, in px: neighbours never touch. */
export const TIME_LABEL_GAP = 16;

export interface TimeLabelSpacing {
  /** Bucket size in seconds. */
  granularity: number;
  /** Distance in px between two neighbouring buckets on the axis. */
  bucketWidth: number;
  /** Width in px of the widest label. */
  labelWidth: number;
}

/**
 * Every how many buckets a time axis writes a label: each bucket, or the smallest step of
 * TIME_LABEL_STEPS that is a whole number of buckets and leaves TIME_LABEL_GAP px between labels
 * centred under their ticks (00:00, 03:00, 06:00 rather than 00:00, 01:15, 02:30); past the last
 * step, the smallest whole number of buckets that does.
 */
export function timeLabelEvery({ granularity, bucketWidth, labelWidth }: TimeLabelSpacing): number {
  if (!(granularity > 0) || !(bucketWidth > 0) || !Number.isFinite(bucketWidth)) return 1;
  const needed = (Math.max(0, labelWidth) + TIME_LABEL_GAP) / bucketWidth;
  if (needed <= 1) return 1;
  for (const step of TIME_LABEL_STEPS) {
    if (step % granularity !== 0) continue;
    const buckets = step / granularity;
    if (buckets >= needed) return buckets;
  }
  return Math.ceil(needed);
}
