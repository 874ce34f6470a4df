import { GRANULARITIES, businessDate, storedMetric } from '@sitelens/domain';
import type { Context } from '../../../graphql/context.ts';
import { badInput } from '../../../graphql/errors.ts';
import type { InstallationRow } from '../../installations/installations.repo.ts';
import { type RetailDataInput, toQuery } from '../request/retailRequest.ts';
import { type RetailSeries, runRetailQuery } from '../run/runRetailQuery.ts';

type Ratio = { kind: 'ratio'; id: string; unit: string | null; numerator: string; denominator: string; factor: number };
type Inside = { kind: 'inside'; id: 'inside'; unit: null };
export type DerivedMetric = Ratio | Inside;

/** Metrics computed from stored ones; here and nowhere else. */
const DERIVED: readonly DerivedMetric[] = [
  { kind: 'ratio', id: 'captureRate', unit: '%', numerator: 'visitorsIn', denominator: 'pedestrians', factor: 100 },
  { kind: 'ratio', id: 'conversionRate', unit: '%', numerator: 'orders', denominator: 'visitorsIn', factor: 100 },
  { kind: 'ratio', id: 'salesConversion', unit: '%', numerator: 'orders', denominator: 'pedestrians', factor: 100 },
  { kind: 'ratio', id: 'basketPrice', unit: '€', numerator: 'turnover', denominator: 'orders', factor: 1 },
  { kind: 'ratio', id: 'basketSize', unit: null, numerator: 'goodsSold', denominator: 'orders', factor: 1 },
  { kind: 'ratio', id: 'salesIndex', unit: '€', numerator: 'turnover', denominator: 'visitorsIn', factor: 1 },
  { kind: 'inside', id: 'inside', unit: null },
];

export const derivedMetric = (id: string) => DERIVED.find((d) => d.id === id);

/** A ratio metric's value from its two inputs' values: none without a numerator or with a zero denominator. */
export const ratioValue = (metric: Ratio, numerator: number | null, denominator: number | null) =>
  numerator !== null && denominator ? (numerator / denominator) * metric.factor : null;

/** The ratio metric of this id (the funnel computes them from sums it already read). */
export function ratioMetric(id: string): Ratio {
  const found = derivedMetric(id);
  if (found?.kind !== 'ratio') throw new Error(`${id} is not a ratio metric`);
  return found;
}

type Answer = { metric: string; unit: string | null; series: RetailSeries[] };

export async function derivedRetailData(ctx: Context, site: InstallationRow, metric: DerivedMetric, input: RetailDataInput): Promise<Answer> {
  const read = async (id: string) => {
    const stored = storedMetric(id);
    if (!stored) throw new Error(`derived metric ${metric.id} reads unknown ${id}`);
    const summed = { ...input, metric: id, groupBy: { ...input.groupBy, type: input.groupBy?.type ?? 'date', aggregation: 'sum' } };
    return runRetailQuery(ctx, await toQuery(ctx, site, stored, summed));
  };
  const asked = input.groupBy?.granularity ?? input.granularity ?? null;
  const groupType = input.groupBy?.type ?? 'date';
  // Group-by all, and any other group-by but date without a granularity, answer one value per group.
  const perGroup = groupType === 'all' || (groupType !== 'date' && asked === null);
  const series =
    metric.kind === 'ratio'
      ? combine(await read(metric.numerator), await read(metric.denominator), (n, d) => ratioValue(metric, n, d))
      : occupancy(await read('visitorsIn'), await read('visitorsOut'), site, asked ?? GRANULARITIES.hour, perGroup);
  return { metric: metric.id, unit: metric.unit, series: input.limit ? series.slice(0, input.limit) : series };
}

const keyOf = (t: Date | null) => (t ? t.toISOString() : '');

/** Joins two answers bucket by bucket (by series key and bucket start). */
function combine(a: RetailSeries[], b: RetailSeries[], f: (x: number | null, y: number | null) => number | null): RetailSeries[] {
  const keys = [...new Set([...a, ...b].map((s) => s.key))];
  return keys.map((key) => {
    const sa = a.find((s) => s.key === key);
    const sb = b.find((s) => s.key === key);
    const va = new Map(sa?.points.map((p) => [keyOf(p.t), p]) ?? []);
    const vb = new Map(sb?.points.map((p) => [keyOf(p.t), p]) ?? []);
    const times = [...new Set([...va.keys(), ...vb.keys()])].sort();
    const points = times.map((k) => ({ t: (va.get(k) ?? vb.get(k))!.t, key: null, value: f(va.get(k)?.value ?? null, vb.get(k)?.value ?? null) }));
    return { key, label: (sa ?? sb)!.label, points };
  });
}

/**
 * People inside at the end of each bucket: entries minus exits summed since the start of the business
 * day (occupancy resets every day), never below zero. Day and longer buckets have no meaning here.
 */
function occupancy(ins: RetailSeries[], outs: RetailSeries[], site: InstallationRow, granularity: number, total: boolean): RetailSeries[] {
  if (!total && granularity >= GRANULARITIES.day) throw badInput('granularity', 'inside needs buckets shorter than a day');
  const net = combine(ins, outs, (i, o) => (i ?? 0) - (o ?? 0));
  return net.map((s) => {
    let day = '';
    let running = 0;
    const points = s.points.map((p) => {
      const d = p.t ? businessDate(p.t.getTime(), site.timezone, site.changeOfDayTime) : '';
      if (d !== day) [day, running] = [d, 0];
      running = Math.max(0, running + (p.value ?? 0));
      return { ...p, value: running };
    });
    return { ...s, points };
  });
}
