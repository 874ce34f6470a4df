import { METRICS_WITHOUT_HOUR_ROLLUP } from '@sitelens/domain';
import type { SqlTransaction } from '../../../db/database.ts';
import { BinaryCopy } from './copyFormat.ts';
import { arrayLiteral } from '../../../db/arrayLiteral.ts';
import { KEY } from './rollups.increment.ts';
import { SAMPLED_METRICS } from '../request/sampledMetrics.ts';

// The fast path of writeReadings: readings that did not exist, added to the rollups as deltas
// summed per bucket here (see docs/decisions.md, "All-new batches take a plain insert").

/** A reading the batch inserted (it did not exist before), times in epoch milliseconds. */
export interface NewReading {
  organizationId: number;
  targetKind: string;
  targetId: number;
  metric: string;
  breakdown: string;
  ts: number;
  value: number;
}

interface Stats {
  sum: number;
  count: number;
  min: number;
  max: number;
}

const statsUpsert = (table: string, bucketColumn: string, bucketType: string, first: number, order: string, bucketFunction: string) => {
  const p = (i: number) => `$${first + i}`;
  return `insert into ${table} (${KEY}, ${bucketColumn}, sum, count, min, max)
    select o, k, t, m, b, ${bucketFunction}(x), s, n, lo, hi from unnest(${p(0)}::int[], ${p(1)}::text[], ${p(2)}::int[], ${p(3)}::text[], ${p(4)}::text[], ${p(5)}::${bucketType}[],
                         ${p(6)}::float8[], ${p(7)}::int[], ${p(8)}::float8[], ${p(9)}::float8[]) as u(o, k, t, m, b, x, s, n, lo, hi)
    ${order}
  on conflict (${KEY}, ${bucketColumn}) do update set
    sum = ${table}.sum + excluded.sum, count = ${table}.count + excluded.count,
    min = least(${table}.min, excluded.min), max = greatest(${table}.max, excluded.max)
  returning 1`;
};

/**
 * Adds the batch's per-bucket statistics to the hour (none for metrics without hour rollup), day
 * and month rollups, and merges the sampled metrics' values into their days: one statement. With `order`, rows go in key order so that
 * concurrent batches (PostgreSQL) lock shared buckets in the same order, as UPSERT_WITH_DELTAS does;
 * PGlite runs one transaction at a time and skips the sorts.
 */
const addDeltas = (order: string) => `
  with hours as (${statsUpsert('rollup_hour', 'bucket', 'float8', 1, order, 'to_timestamp')}
  ), days as (${statsUpsert('rollup_day', 'day', 'date', 11, order, '')}
  ), months as (${statsUpsert('rollup_month', 'month', 'date', 21, order, '')}
  ), day_values as (
    insert into rollup_day_values (${KEY}, day, samples)
      select o, k, t, m, b, d, s::float8[] from unnest($31::int[], $32::text[], $33::int[], $34::text[], $35::text[], $36::date[], $37::text[]) as u(o, k, t, m, b, d, s)
      ${order}
    on conflict (${KEY}, day) do update set
      samples = (select array_agg(v order by v) from unnest(rollup_day_values.samples || excluded.samples) v)
    returning 1
  )
  select (select count(*) from hours)::int as hours`;
const ADD_DELTAS_IN_KEY_ORDER = addDeltas('order by 1, 2, 3, 4, 5, 6');
const ADD_DELTAS = addDeltas('');

/**
 * The local hour (its start, epoch ms) and business day (YYYY-MM-DD) of each instant on a site clock
 * (time zone, change of day): the same SQL as the rollups' recomputation (local_bucket_start, change
 * of day), asked once per distinct pair (a batch holds few: every zone reports at the same quarter-hours,
 * and sites share clocks).
 */
const PLACE_INSTANTS = `
  select extract(epoch from local_bucket_start(u.ts, u.tz, 3600))::float8 * 1000 as hour,
         to_char(((u.ts at time zone u.tz) - u.cod)::date, 'YYYY-MM-DD') as day
    from unnest($1::text[], $2::interval[], $3::timestamptz[]) with ordinality as u(tz, cod, ts, n)
   order by u.n`;

/**
 * Adds readings that the caller has just inserted (every one of them new: none replaced another) to
 * the rollups as deltas, inside the caller's transaction. Buckets and sums are computed here rather
 * than in SQL: only the distinct instants are placed on their sites' clocks by the database, and each
 * rollup table receives one row per touched bucket. Readings of a target without a site are left out,
 * as the recomputation leaves them out.
 *
 * PGlite (the writer offers COPY) runs one transaction at a time: there the hours and days the
 * batch opens, most of them, are copied in, and only those that exist already go through the upsert,
 * without sorts in SQL (the application sends every table's rows in key order). On PostgreSQL, where
 * batches run concurrently, every bucket goes through the upsert in key order.
 */
export async function addNewReadingsToRollups(sql: SqlTransaction, rows: readonly NewReading[]): Promise<void> {
  if (rows.length === 0) return;
  // Targets and their sites' clocks (one small query). Rows come in key order (insertAllNew sorts
  // them), so a row's target and series are most often the previous row's: no key is built for
  // those (any order gives the same sums).
  const targetIds = new Interner<string, { kind: string; id: number }>();
  const rowTarget = new Int32Array(rows.length);
  rows.forEach((r, i) => {
    const previous = rows[i - 1];
    rowTarget[i] = previous && previous.targetId === r.targetId && previous.targetKind === r.targetKind
      ? rowTarget[i - 1]!
      : targetIds.id(`${r.targetKind}|${r.targetId}`, () => ({ kind: r.targetKind, id: r.targetId }));
  });
  const targets = targetIds.values;
  const { rows: sites } = await sql.query<{ kind: string; id: number; tz: string; cod: string }>(
    `select s.kind, s.id, s.tz, s.cod::text as cod from target_sites s join unnest($1::text[], $2::int[]) as u(kind, id) on s.kind = u.kind and s.id = u.id`,
    [targets.map((t) => t.kind), targets.map((t) => t.id)],
  );
  // Each target's clock (time zone and change of day), as a small integer (-1: no site).
  const clockIds = new Interner<string, { tz: string; cod: string }>();
  const clocks = clockIds.values;
  const clockOfSite = new Map(sites.map((s) => [`${s.kind}|${Number(s.id)}`, clockIds.id(`${s.tz}|${s.cod}`, () => ({ tz: s.tz, cod: s.cod }))]));
  const targetClock = Int32Array.from(targets, (t) => clockOfSite.get(`${t.kind}|${t.id}`) ?? -1);

  // Each distinct (clock, instant) placed once.
  const instants: Array<{ clock: number; ts: number }> = [];
  const instantIds = clocks.map(() => new Map<number, number>());
  const rowInstant = new Int32Array(rows.length).fill(-1);
  rows.forEach((r, i) => {
    const clock = targetClock[rowTarget[i]!]!;
    if (clock < 0) return;
    const ids = instantIds[clock]!;
    let id = ids.get(r.ts);
    if (id === undefined) {
      id = instants.length;
      ids.set(r.ts, id);
      instants.push({ clock, ts: r.ts });
    }
    rowInstant[i] = id;
  });
  if (instants.length === 0) return;
  const { rows: placed } = await sql.query<{ hour: number; day: string }>(PLACE_INSTANTS, [
    instants.map((x) => clocks[x.clock]!.tz),
    instants.map((x) => clocks[x.clock]!.cod),
    instants.map((x) => new Date(x.ts).toISOString()),
  ]);

  // Buckets as small integers: series (organization, target, metric, breakdown) times hour, day or month.
  const seriesIds = new Interner<string, Series>();
  const series = seriesIds.values;
  const hourIds = distinctIds(placed.map((p) => Number(p.hour)));
  const dayIds = distinctIds(placed.map((p) => p.day));
  const monthIds = distinctIds(dayIds.values.map((day) => `${day.slice(0, 8)}01`));
  const hours = new Map<number, Stats>();
  const days = new Map<number, Stats>();
  const months = new Map<number, Stats>();
  const dayValues = new Map<number, number[]>();
  const sampled = new Set(SAMPLED_METRICS);
  const hourless = new Set(METRICS_WITHOUT_HOUR_ROLLUP);
  const add = (map: Map<number, Stats>, key: number, value: number) => {
    const s = map.get(key);
    if (s) {
      s.sum += value;
      s.count += 1;
      if (value < s.min) s.min = value;
      if (value > s.max) s.max = value;
    } else map.set(key, { sum: value, count: 1, min: value, max: value });
  };
  let s = -1;
  let withHours = true;
  rows.forEach((r, i) => {
    const at = rowInstant[i]!;
    if (at < 0) return;
    const previous = rows[i - 1];
    if (s < 0 || !previous || !sameSeries(previous, r)) {
      s = seriesIds.id(`${r.organizationId}|${r.targetKind}|${r.targetId}|${r.metric}|${r.breakdown}`, () => [r.organizationId, r.targetKind, r.targetId, r.metric, r.breakdown] as const);
      withHours = !hourless.has(r.metric);
    }
    const day = dayIds.ids[at]!;
    // Metrics without hour rollup (sales) add to their days and months only.
    if (withHours) add(hours, s * hourIds.values.length + hourIds.ids[at]!, r.value);
    add(days, s * dayIds.values.length + day, r.value);
    add(months, s * monthIds.values.length + monthIds.ids[day]!, r.value);
    if (sampled.has(r.metric)) {
      const key = s * dayIds.values.length + day;
      const values = dayValues.get(key);
      if (values) values.push(r.value);
      else dayValues.set(key, [r.value]);
    }
  });

  // Every table's rows in its key order: each index insertion lands next to the last one.
  const seriesOrder = new KeyOrder(series, compareSeries);
  const hourOrder = new KeyOrder(hourIds.values, (a, b) => a - b);
  const dayOrder = new KeyOrder(dayIds.values, compare);
  const monthOrder = new KeyOrder(monthIds.values, compare);
  // Each column goes as an array literal (arrayLiteral: cheaper than the driver's escaping).
  const statsColumns = (map: Map<number, Stats>, order: KeyOrder<unknown>, buckets: readonly unknown[]): string[] => {
    const cols: Array<Array<string | number>> = Array.from({ length: 10 }, () => []);
    for (const key of keysInOrder(map.keys(), seriesOrder, order)) {
      const s = map.get(key)!;
      const of = series[Math.floor(key / buckets.length)]!;
      for (let c = 0; c < 5; c++) cols[c]!.push(of[c]!);
      cols[5]!.push(buckets[key % buckets.length] as string | number);
      cols[6]!.push(s.sum);
      cols[7]!.push(s.count);
      cols[8]!.push(s.min);
      cols[9]!.push(s.max);
    }
    return cols.map(arrayLiteral);
  };
  const valueColumns: Array<Array<string | number>> = Array.from({ length: 7 }, () => []);
  for (const key of keysInOrder(dayValues.keys(), seriesOrder, dayOrder)) {
    const values = dayValues.get(key)!;
    const of = series[Math.floor(key / dayIds.values.length)]!;
    for (let c = 0; c < 5; c++) valueColumns[c]!.push(of[c]!);
    valueColumns[5]!.push(dayIds.values[key % dayIds.values.length]!);
    values.sort((a, b) => a - b);
    valueColumns[6]!.push(`{${values.join(',')}}`);
  }
  const serialized = sql.copyFromBlob !== undefined;
  const upsertHours = serialized ? await copyNewBuckets(sql, HOUR_COLUMN, hours, series, hourIds.values, keysInOrder(hours.keys(), seriesOrder, hourOrder)) : hours;
  const upsertDays = serialized ? await copyNewBuckets(sql, DAY_COLUMN, days, series, dayIds.values, keysInOrder(days.keys(), seriesOrder, dayOrder)) : days;
  // Hours go as epoch seconds (to_timestamp): cheaper to send and to read than ISO text.
  const hourSeconds = hourIds.values.map((ms) => ms / 1000);
  const params = [...statsColumns(upsertHours, hourOrder, hourSeconds), ...statsColumns(upsertDays, dayOrder, dayIds.values), ...statsColumns(months, monthOrder, monthIds.values), ...valueColumns.map(arrayLiteral)];
  await sql.query(serialized ? ADD_DELTAS : ADD_DELTAS_IN_KEY_ORDER, params);
}

/** How copyNewBuckets reads and writes one rollup table's bucket column (hours as epoch ms, days as 'YYYY-MM-DD'). */
interface BucketColumn<B> {
  table: string;
  column: string;
  /** The column as the application holds it, and a condition on it between $6 and $7. */
  read: string;
  between: string;
  bound: (value: B) => unknown;
  write: (copy: BinaryCopy, value: B) => void;
}

const HOUR_COLUMN: BucketColumn<number> = {
  table: 'rollup_hour',
  column: 'bucket',
  read: 'extract(epoch from bucket)::float8 * 1000',
  between: 'bucket between to_timestamp($6) and to_timestamp($7)',
  bound: (ms) => ms / 1000,
  write: (copy, ms) => copy.timestamptz(ms),
};

const DAY_COLUMN: BucketColumn<string> = {
  table: 'rollup_day',
  column: 'day',
  read: "to_char(day, 'YYYY-MM-DD')",
  between: 'day between $6::date and $7::date',
  bound: (day) => day,
  write: (copy, day) => copy.date(day),
};

/**
 * PGlite only (no other transaction can add a bucket meanwhile): COPYs the buckets that do not
 * exist yet into the rollup table, in key order, and returns those that do, for the upsert. The
 * existing ones are found with one index search per series (organization, target, metric and
 * breakdown lists, then the batch's bucket range). Falls back to the upsert for all when the
 * series' lists would make that search wider than the batch.
 */
async function copyNewBuckets<B extends number | string>(
  sql: SqlTransaction,
  column: BucketColumn<B>,
  buckets: Map<number, Stats>,
  series: readonly Series[],
  bucketValues: readonly B[],
  keyOrder: Iterable<number>,
): Promise<Map<number, Stats>> {
  if (buckets.size === 0) return buckets;
  const distinct = (c: number) => [...new Set(series.map((s) => s[c]))];
  const lists = [distinct(0), distinct(1), distinct(2), distinct(3), distinct(4)];
  if (lists.reduce((n, l) => n * l.length, 1) > Math.max(series.length * 2, 64)) return buckets;
  const sorted = [...bucketValues].sort(compare);
  const { rows } = await sql.query<{ organization_id: number; target_kind: string; target_id: number; metric: string; breakdown: string; bucket: B }>(
    `select organization_id, target_kind, target_id, metric, breakdown, ${column.read} as bucket
       from ${column.table}
      where organization_id = any($1::int[]) and target_kind = any($2::text[]) and target_id = any($3::int[])
        and metric = any($4::text[]) and breakdown = any($5::text[]) and ${column.between}`,
    [...lists, column.bound(sorted[0]!), column.bound(sorted.at(-1)!)],
  );
  const seriesIndex = new Map(series.map((s, i) => [s.join('|'), i]));
  const bucketIndex = new Map<unknown, number>(bucketValues.map((value, i) => [value, i]));
  const existing = new Map<number, Stats>();
  for (const r of rows) {
    const s = seriesIndex.get(`${r.organization_id}|${r.target_kind}|${r.target_id}|${r.metric}|${r.breakdown}`);
    const b = bucketIndex.get(typeof bucketValues[0] === 'number' ? Number(r.bucket) : r.bucket);
    if (s === undefined || b === undefined) continue;
    const key = s * bucketValues.length + b;
    const stats = buckets.get(key);
    if (stats) existing.set(key, stats);
  }
  const copy = new BinaryCopy(buckets.size - existing.size, 112);
  for (const key of keyOrder) {
    if (existing.has(key)) continue;
    const stats = buckets.get(key)!;
    const [organizationId, targetKind, targetId, metric, breakdown] = series[Math.floor(key / bucketValues.length)]!;
    copy.row(10).int4(organizationId).text(targetKind).int4(targetId).text(metric).text(breakdown);
    column.write(copy, bucketValues[key % bucketValues.length]!);
    copy.float8(stats.sum).int4(stats.count).float8(stats.min).float8(stats.max);
  }
  if (buckets.size > existing.size) {
    await sql.copyFromBlob!(`COPY ${column.table} (${KEY}, ${column.column}, sum, count, min, max) FROM '/dev/blob' WITH (FORMAT binary)`, copy.blob());
  }
  return existing;
}

/** Distinct things numbered in order of first appearance: `id(key, make)` gives a key's number, adding `make()` the first time. */
class Interner<K, V> {
  readonly values: V[] = [];
  private readonly index = new Map<K, number>();

  id(key: K, make: () => V): number {
    let id = this.index.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.index.set(key, id);
      this.values.push(make());
    }
    return id;
  }
}

/** Each value's position among the distinct values, in order of first appearance. */
function distinctIds<T>(list: readonly T[]): { ids: number[]; values: T[] } {
  const interner = new Interner<T, T>();
  const ids = list.map((v) => interner.id(v, () => v));
  return { ids, values: interner.values };
}

type Series = readonly [number, string, number, string, string];

const sameSeries = (a: NewReading, b: NewReading) =>
  a.targetId === b.targetId && a.metric === b.metric && a.organizationId === b.organizationId && a.targetKind === b.targetKind && a.breakdown === b.breakdown;

const compare = <T extends string | number>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);

function compareSeries(a: Series, b: Series): number {
  return a[0] - b[0] || compare(a[1], b[1]) || a[2] - b[2] || compare(a[3], b[3]) || compare(a[4], b[4]);
}

/** Distinct values' ranks in sort order, and back. */
class KeyOrder<T> {
  readonly rank: Int32Array;
  readonly byRank: Int32Array;

  constructor(values: readonly T[], compareValues: (a: T, b: T) => number) {
    this.byRank = Int32Array.from(values.keys()).sort((a, b) => compareValues(values[a]!, values[b]!));
    this.rank = new Int32Array(values.length);
    this.byRank.forEach((value, rank) => (this.rank[value] = rank));
  }
}

/** Keys (series * buckets + bucket) sorted by series, then bucket, in their values' order. */
function keysInOrder(keys: Iterable<number>, series: KeyOrder<Series>, buckets: KeyOrder<unknown>): number[] {
  const n = buckets.rank.length;
  const ranked = Float64Array.from(keys, (key) => series.rank[Math.floor(key / n)]! * n + buckets.rank[key % n]!).sort();
  return Array.from(ranked, (r) => series.byRank[Math.floor(r / n)]! * n + buckets.byRank[r % n]!);
}
