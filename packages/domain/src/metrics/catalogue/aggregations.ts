/**
 * Aggregations of spec 001 §3. Rollups keep sum, count, min and max per bucket, so only those and
 * the average (sum / count) are answered from them; the rest read raw readings.
 */
export const AGGREGATION_IDS = [
  'min',
  'max',
  'average',
  'sum',
  'first',
  'last',
  'median',
  'count',
  'evolution',
  'percentage',
  'p25',
  'p75',
  'p95',
  'weightedPercentage',
] as const;

export type AggregationId = (typeof AGGREGATION_IDS)[number];

export interface Aggregation {
  id: AggregationId;
  /** Answered exactly from the sum, count, min and max that rollups keep. */
  fromRollups: boolean;
  /** Compares with the period of the same length just before (evolution). */
  needsPreviousPeriod: boolean;
  /** Percentile rank, 0..100, for the percentile aggregations. */
  percentile?: number;
}

const a = (id: AggregationId, fromRollups: boolean, extra: Partial<Aggregation> = {}): Aggregation => ({
  id,
  fromRollups,
  needsPreviousPeriod: false,
  ...extra,
});

export const AGGREGATIONS: Readonly<Record<AggregationId, Aggregation>> = {
  min: a('min', true),
  max: a('max', true),
  average: a('average', true),
  sum: a('sum', true),
  first: a('first', false),
  last: a('last', false),
  median: a('median', false, { percentile: 50 }),
  count: a('count', true),
  evolution: a('evolution', false, { needsPreviousPeriod: true }),
  percentage: a('percentage', false),
  p25: a('p25', false, { percentile: 25 }),
  p75: a('p75', false, { percentile: 75 }),
  p95: a('p95', false, { percentile: 95 }),
  weightedPercentage: a('weightedPercentage', false),
};

export function isAggregationId(value: string): value is AggregationId {
  return (AGGREGATION_IDS as readonly string[]).includes(value);
}
