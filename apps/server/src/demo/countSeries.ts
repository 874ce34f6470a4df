/**
 * A counting target's day as expected cumulative entries and exits per local minute (index m is
 * "before minute m", length 1441). Counts of any interval are differences of the rounded curves,
 * so 1-minute and 15-minute readings of the same day agree, the day's exits equal its entries,
 * and inside (entries - exits) never goes below zero.
 */
export interface CountSeries {
  cumIn: Float64Array;
  cumOut: Float64Array;
}

export const emptySeries = (): CountSeries => ({ cumIn: new Float64Array(1441), cumOut: new Float64Array(1441) });

/** Whole entries (or exits) in local minutes [a, b). */
export function countBetween(cum: Float64Array, a: number, b: number): number {
  return Math.round(cum[b]!) - Math.round(cum[a]!);
}

/** Sum of countBetween over several series (a zone fed by several passages). */
export function sumBetween(series: readonly CountSeries[], side: 'cumIn' | 'cumOut', a: number, b: number): number {
  let total = 0;
  for (const s of series) total += countBetween(s[side], a, b);
  return total;
}

/** Expected (real-valued) entries in [a, b), for quantities that scale with footfall. */
export function expectedBetween(series: readonly CountSeries[], a: number, b: number): number {
  let total = 0;
  for (const s of series) total += s.cumIn[b]! - s.cumIn[a]!;
  return total;
}

/** People inside at minute m, real-valued. */
export function insideAt(series: readonly CountSeries[], m: number): number {
  let total = 0;
  for (const s of series) total += s.cumIn[m]! - s.cumOut[m]!;
  return total;
}

/**
 * Entries spread over the day by `weights` (scaled per 15-minute slot by `slotNoise`), totalling
 * `total`; each visitor leaves `lag` minutes later, except that the lag shrinks in the last
 * stretch before `close` so the zone is empty when it closes (entries stop by then).
 */
export function flowSeries(weights: Float64Array, total: number, lag: number, close: number, slotNoise: (slot: number) => number): CountSeries {
  const series = emptySeries();
  const { cumIn, cumOut } = series;
  let noise = 1;
  for (let m = 0; m < 1440; m++) {
    if (m % 15 === 0) noise = slotNoise(m / 15);
    cumIn[m + 1] = cumIn[m]! + weights[m]! * noise;
  }
  const scale = cumIn[1440]! > 0 ? total / cumIn[1440]! : 0;
  for (let m = 0; m <= 1440; m++) cumIn[m]! *= scale;
  // Over the last `window` minutes the lag shrinks linearly to zero: exits speed up by at most a third.
  const window = Math.max(1, 3 * lag);
  for (let m = 0; m <= 1440; m++) {
    const g = m - lag * Math.min(1, Math.max(0, close - m) / window);
    cumOut[m] = interpolate(cumIn, Math.max(0, g));
  }
  return series;
}

function interpolate(cum: Float64Array, x: number): number {
  const i = Math.floor(x);
  if (i >= 1440) return cum[1440]!;
  return cum[i]! + (x - i) * (cum[i + 1]! - cum[i]!);
}

/** Adds `people` entering over [start, start + ramp) and leaving over [end, end + ramp). */
export function addStay(series: CountSeries, people: number, start: number, end: number, ramp: number): void {
  for (let m = 0; m <= 1440; m++) {
    series.cumIn[m]! += people * clamp01((m - start) / ramp);
    series.cumOut[m]! += people * clamp01((m - end) / ramp);
  }
}

export const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);
