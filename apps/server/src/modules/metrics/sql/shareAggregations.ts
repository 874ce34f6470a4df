import type { RetailDataInput } from '../request/retailRequest.ts';
import type { RetailSeries } from '../run/runRetailQuery.ts';

type Answer = { metric: string; unit: string | null; series: RetailSeries[] };

/** Aggregations answered as each series' share of all series, from a plain aggregation. */
export const SHARE_AGGREGATIONS: Record<string, 'sum' | 'avg'> = {
  // The series' total over the total of all series in the same bucket.
  percentage: 'sum',
  // The same with each series' average: every series weighs the same whatever its number of readings
  // (sensors, reading rate), so a tag of ten zones does not dwarf a tag of two.
  weightedPercentage: 'avg',
};

/** percentage / weightedPercentage: 100 x value / (sum of all series' values at the same bucket). */
export async function shareOfTotal(input: RetailDataInput, answer: (i: RetailDataInput) => Promise<Answer>): Promise<Answer> {
  const plain = SHARE_AGGREGATIONS[input.groupBy?.aggregation ?? '']!;
  const whole = await answer({ ...input, groupBy: { ...input.groupBy, type: input.groupBy?.type ?? 'date', aggregation: plain }, limit: null });
  const series = shares(whole.series);
  return { metric: whole.metric, unit: '%', series: input.limit ? series.slice(0, input.limit) : series };
}

export function shares(series: RetailSeries[]): RetailSeries[] {
  const bucket = (p: RetailSeries['points'][number]) => `${p.t?.getTime() ?? ''}|${p.key ?? ''}`;
  const totals = new Map<string, number>();
  for (const s of series) for (const p of s.points) if (p.value !== null) totals.set(bucket(p), (totals.get(bucket(p)) ?? 0) + p.value);
  return series.map((s) => ({
    ...s,
    points: s.points.map((p) => {
      const total = totals.get(bucket(p));
      return { ...p, value: p.value === null || !total ? null : (p.value / total) * 100 };
    }),
  }));
}

/** groupBy "limit": the targets ranked by their total over the range, largest first, the first `limit` kept. */
export async function topTargets(input: RetailDataInput, answer: (i: RetailDataInput) => Promise<Answer>): Promise<Answer> {
  const perTarget = { ...input, groupBy: { ...input.groupBy, type: input.target?.kind ?? 'zone' }, limit: null };
  const whole = await answer(perTarget);
  const total = (s: RetailSeries) => s.points.reduce((n, p) => n + (p.value ?? 0), 0);
  const ranked = [...whole.series].sort((a, b) => total(b) - total(a) || Number(a.key) - Number(b.key));
  return { ...whole, series: ranked.slice(0, input.limit ?? DEFAULT_LIMIT) };
}

/** Targets kept by groupBy "limit" when the request sets no limit. */
export const DEFAULT_LIMIT = 5;
