/**
 * Aggregations of the reference engine, written for clarity over plain arrays. Each takes the readings
 * of one bucket (never empty) and returns one number.
 */
export interface BucketReading {
  ts: number;
  targetId: number;
  value: number;
}

export type ReferenceAggregation = 'sum' | 'avg' | 'min' | 'max' | 'count' | 'median' | 'p25' | 'p75' | 'p95' | 'first' | 'last';

/** Neumaier's compensated sum: the exact-as-possible total the engine's float sums must come close to. */
export function exactSum(values: readonly number[]): number {
  let sum = 0;
  let compensation = 0;
  for (const v of values) {
    const t = sum + v;
    compensation += Math.abs(sum) >= Math.abs(v) ? sum - t + v : v - t + sum;
    sum = t;
  }
  return sum + compensation;
}

/**
 * PostgreSQL's percentile_cont: sort ascending, look at position p * (n - 1) and interpolate linearly
 * between the two values around it.
 */
export function percentileCont(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = p * (sorted.length - 1);
  const lo = Math.floor(position);
  const hi = Math.ceil(position);
  const low = sorted[lo]!;
  const high = sorted[hi]!;
  return lo === hi ? low : low + (high - low) * (position - lo);
}

/**
 * Readings in time order. "By time" leaves a tie between two targets read at the same instant open;
 * the reference settles it by target id so that first and last are one value, not a coin toss.
 */
function inTimeOrder(readings: readonly BucketReading[]): BucketReading[] {
  return [...readings].sort((a, b) => a.ts - b.ts || a.targetId - b.targetId);
}

export function aggregate(aggregation: ReferenceAggregation, readings: readonly BucketReading[]): number {
  const values = readings.map((r) => r.value);
  switch (aggregation) {
    case 'sum':
      return exactSum(values);
    case 'avg':
      return exactSum(values) / values.length;
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    case 'count':
      return values.length;
    case 'median':
      return percentileCont(values, 0.5);
    case 'p25':
      return percentileCont(values, 0.25);
    case 'p75':
      return percentileCont(values, 0.75);
    case 'p95':
      return percentileCont(values, 0.95);
    case 'first':
      return inTimeOrder(readings)[0]!.value;
    case 'last':
      return inTimeOrder(readings).at(-1)!.value;
  }
}
