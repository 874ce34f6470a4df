import { GRANULARITIES, METRICS_WITHOUT_HOUR_ROLLUP, businessDate } from '@sitelens/domain';
import { type Aggregation, type RetailQuery, dateKeySql, minuteRangesSql, seriesSql, sourcesOf } from './retailQuery.ts';

const fromStats: Partial<Record<Aggregation, string>> = {
  sum: 'sum(sum)',
  count: 'sum(count)',
  min: 'min(min)',
  max: 'max(max)',
  avg: 'sum(sum) / nullif(sum(count), 0)',
};

/** The fraction of each percentile read from the day values (see percentileSql). */
export const PERCENTILE_FRACTIONS: Partial<Record<Aggregation, string>> = { median: '0.5', p25: '0.25', p75: '0.75', p95: '0.95' };

const tables = {
  hour: { table: 'rollup_hour', column: 'bucket' },
  day: { table: 'rollup_day', column: 'day' },
  month: { table: 'rollup_month', column: 'month' },
  dayValues: { table: 'rollup_day_values', column: 'day' },
} as const;

export type Level = keyof typeof tables;

/** The same answer as the raw query, from rollup_hour, rollup_day or rollup_month. */
export function buildRollupSql(q: RetailQuery, level: Level): { text: string; params: unknown[] } {
  const aggregate = level === 'dayValues' ? PERCENTILE_FRACTIONS[q.aggregation] : fromStats[q.aggregation];
  if (!aggregate) throw new Error(`rollups cannot answer ${q.aggregation}`);
  if (level === 'hour' && METRICS_WITHOUT_HOUR_ROLLUP.includes(q.metric)) throw new Error(`${q.metric} has no hour rollup`);
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const { table, column } = tables[level];
  const split = oneSeries(q, p) ?? seriesSql(q, p);
  const where = `organization_id = ${p(q.organizationId)} and ${split.targetTest}
      and metric = ${p(q.metric)} and ${split.breakdownTest}`;
  // Placeholders for the zone and change of day are added on first use: PostgreSQL refuses unused ones.
  let tzParam = '';
  let codParam = '';
  const tz = () => (tzParam ||= p(q.tz));
  const cod = () => (codParam ||= `${p(q.changeOfDay)}::interval`);
  // The business day of each row: hours carry an instant, days and months a date already.
  const day = () => (level === 'hour' ? `((bucket at time zone ${tz()}) - ${cod()})::date` : column);
  const dayStart = (d: string) => `local_start(${d} + ${cod()}, ${tz()})`;
  const ranges = q.ranges
    .map(([a, b]) => {
      if (level === 'hour') return `(bucket >= ${p(a)} and bucket < ${p(b)})`;
      const da = businessDate(a.getTime(), q.tz, q.changeOfDay);
      const db = businessDate(b.getTime(), q.tz, q.changeOfDay);
      return `(${column} >= ${p(da)}::date and ${column} < ${p(db)}::date)`;
    })
    .join(' or ');
  const weekdays = q.weekdays
    ? `and ${q.weekdays.operator === 'IS' ? '' : 'not '}(extract(isodow from ${day()})::int = any(${p(q.weekdays.days)}::int[]))`
    : '';
  // Rows group on a bucket key (a business day, week or month as a date, or an hour), and each
  // group's start instant is computed once from its key rather than for every stored row.
  const bucket = bucketSql(q.granularity, level, day, dayStart);
  const key = `${split.series} as series, ${bucket.key} as b, ${q.dateKey ? dateKeySql(q.dateKey, level === 'month' ? column : day()) : 'null::text'} as k`;
  const rows = `from ${table} ${split.join} where ${where} and (${ranges}) ${weekdays} ${level === 'hour' && q.minuteRanges ? minuteRangesSql(q.minuteRanges, `(bucket at time zone ${tz()})`) : ''}`;
  // A bucket's start grows with its key, so ordering on the key orders on the start (k is null
  // without a date key: leaving it out lets the grouping's own order stand).
  const order = q.dateKey ? 'series, b, k' : 'series, b';
  const text =
    level === 'dayValues'
      ? percentileSql(aggregate, `select ${key}, samples as a, cardinality(samples) as n ${rows}`, bucket.start, order)
      : `
    select series, ${bucket.start('b')} as t, k, value from (
      select ${key}, ${aggregate} as value
      ${rows}
      group by 1, 2, 3
    ) g order by ${order}`;
  return { text, params };
}

// A week or month of business days is truncated as a timestamp without zone: a date would be cast
// to timestamptz, and each row then pays two conversions in the session's time zone for nothing.
export function bucketSql(granularity: number | null, level: Level, day: () => string, dayStart: (d: string) => string): { key: string; start: (b: string) => string } {
  const of = (key: string) => ({ key, start: dayStart });
  switch (granularity) {
    case null:
      return { key: 'null::date', start: () => 'null::timestamptz' };
    case GRANULARITIES.hour:
      if (level !== 'hour') throw new Error('hour buckets need the hour rollup');
      return { key: 'bucket', start: (b) => b };
    case GRANULARITIES.day:
      return of(day());
    case GRANULARITIES.week:
      return of(`date_trunc('week', ${day()}::timestamp)::date`);
    case GRANULARITIES.month:
      return of(`date_trunc('month', ${day()}::timestamp)::date`);
    default:
      throw new Error(`granularity ${granularity} has no rollup`);
  }
}

/**
 * With one series fed by distinct targets of one kind, the series is a constant and needs no join
 * (the target test already keeps exactly those targets): sorting and grouping on a text key that
 * never changes costs about half of an hour-rollup query.
 */
export function oneSeries(q: RetailQuery, p: (v: unknown) => string): ReturnType<typeof seriesSql> | null {
  if (q.groupBy === 'breakdown' || q.groupBy === 'value') return null;
  const sources = sourcesOf(q);
  const [first] = sources;
  if (!first || sources.some((s) => s.series !== first.series || s.kind !== first.kind)) return null;
  if (new Set(sources.map((s) => s.id)).size !== sources.length) return null;
  return {
    targetTest: `target_kind = ${p(first.kind)} and target_id = any(${p(sources.map((s) => s.id))}::int[])`,
    breakdownTest: `breakdown = ${p(q.breakdown)}`,
    series: `${p(first.series)}::text`,
    join: '',
  };
}

/**
 * percentile_cont(f) over every value of the stored days of each (series, t, k) group, read from the
 * days' sorted arrays (`rows`: key columns, a = samples, n = its length) without unnesting them all.
 * With N values and x = f(N - 1), the answer interpolates the values of ranks r1 = floor(x) and
 * r2 = ceil(x) as PostgreSQL does (v1 + (x - r1)(v2 - v1)). Each array's own value at fraction f is
 * a pivot; width_bucket (a binary search in a sorted array) counts exactly how many values of the
 * group are <= each pivot. The largest pivot with at most r1 values <= it (lo, else -Infinity) and
 * the smallest with more than r2 (hi, else NaN, which PostgreSQL sorts last) bracket the two values:
 * with e values <= lo, value(r) is lo when r < e (it is >= lo), else the (r - e)-th of the values in
 * (lo, hi], which are the only ones unnested and sorted. Ties need nothing special: only counts of
 * values <= a bound are used.
 */
export function percentileSql(fraction: string, rows: string, start: (b: string) => string, order: string): string {
  return `
    with d as materialized (
      select series, b, k, a, n, g, nn, x, floor(x)::bigint as r1, ceil(x)::bigint as r2
      from (
        select d.*, ${fraction}::float8 * (nn - 1) as x
        from (
          select d.*, sum(n) over (partition by series, b, k) as nn, dense_rank() over (order by series, b, k) as g
          from (${rows}) d
        ) d
      ) d
    ), pivots as (
      select distinct g, r1, r2, a[1 + floor(${fraction}::float8 * (n - 1))::int] as pv from d
    ), counted as (
      select p.g, p.r1, p.r2, p.pv, sum(width_bucket(p.pv, d.a)) as le from pivots p join d on d.g = p.g group by 1, 2, 3, 4
    ), bounds as (
      select g, coalesce(max(pv) filter (where le <= r1), '-Infinity') as lo, coalesce(min(pv) filter (where le > r2), 'NaN') as hi
      from counted group by g
    ), sliced as (
      select d.g, d.series, d.b, d.k, d.x, d.r1, d.r2, b.lo, sum(width_bucket(b.lo, d.a)) over (partition by d.g) as e,
        d.a[width_bucket(b.lo, d.a) + 1 : width_bucket(b.hi, d.a)] as slice
      from d join bounds b on b.g = d.g
    ), picked as (
      select series, b, k, x, r1, r2,
        case when r1 < e then lo else c[(r1 - e + 1)::int] end as v1,
        case when r2 < e then lo else c[(r2 - e + 1)::int] end as v2
      from (
        select g, series, b, k, max(x) as x, max(r1) as r1, max(r2) as r2, max(e) as e, max(lo) as lo,
          array_agg(v order by v) filter (where v is not null) as c
        from sliced s left join lateral unnest(s.slice) as v on true
        group by 1, 2, 3, 4
      ) s
    )
    select series, ${start('b')} as t, k, case when r2 = r1 then v1 else v1 + (x - r1) * (v2 - v1) end as value
    from picked order by ${order}`;
}
