import { GRANULARITIES, businessDate } from '@sitelens/domain';
import { type Aggregation, type RetailQuery, dateKeySql, minuteRangesSql, seriesSql } from './retailQuery.ts';

const fromStats: Partial<Record<Aggregation, string>> = {
  sum: 'sum(sum)',
  count: 'sum(count)',
  min: 'min(min)',
  max: 'max(max)',
  avg: 'sum(sum) / nullif(sum(count), 0)',
};

// Each day's sorted values, unnested: percentile_cont over them is percentile_cont over the readings.
const fromValues: Partial<Record<Aggregation, string>> = {
  median: 'percentile_cont(0.5) within group (order by v)',
  p25: 'percentile_cont(0.25) within group (order by v)',
  p75: 'percentile_cont(0.75) within group (order by v)',
  p95: 'percentile_cont(0.95) within group (order by v)',
};

const tables = {
  hour: { table: 'rollup_hour', column: 'bucket' },
  day: { table: 'rollup_day', column: 'day' },
  month: { table: 'rollup_month', column: 'month' },
  dayValues: { table: 'rollup_day_values', column: 'day' },
} as const;

type Level = keyof typeof tables;

/** The same answer as the raw query, from rollup_hour, rollup_day or rollup_month. */
export function buildRollupSql(q: RetailQuery, level: Level): { text: string; params: unknown[] } {
  const aggregate = level === 'dayValues' ? fromValues[q.aggregation] : fromStats[q.aggregation];
  if (!aggregate) throw new Error(`rollups cannot answer ${q.aggregation}`);
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const { table, column } = tables[level];
  const split = seriesSql(q, p);
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
  const bucket = bucketSql(q.granularity, level, day, dayStart);
  const key = `${split.series} as series, ${bucket} as t, ${q.dateKey ? dateKeySql(q.dateKey, level === 'month' ? column : day()) : 'null::text'} as k`;
  const rows = `from ${table} ${split.join} where ${where} and (${ranges}) ${weekdays} ${level === 'hour' && q.minuteRanges ? minuteRangesSql(q.minuteRanges, `(bucket at time zone ${tz()})`) : ''}`;
  // Day values: each day's bucket is computed once per stored day, then its values are unnested
  // (offset 0 keeps PostgreSQL from computing the local-time bucket again for every value).
  const text =
    level === 'dayValues'
      ? `
    select series, t, k, ${aggregate} as value
    from (select ${key}, samples ${rows} offset 0) d cross join lateral unnest(d.samples) as v
    group by 1, 2, 3 order by 1, 2, 3`
      : `
    select ${key}, ${aggregate} as value
    ${rows}
    group by 1, 2, 3 order by 1, 2, 3`;
  return { text, params };
}

function bucketSql(granularity: number | null, level: Level, day: () => string, dayStart: (d: string) => string): string {
  switch (granularity) {
    case null:
      return 'null::timestamptz';
    case GRANULARITIES.hour:
      if (level !== 'hour') throw new Error('hour buckets need the hour rollup');
      return 'bucket';
    case GRANULARITIES.day:
      return dayStart(day());
    case GRANULARITIES.week:
      return dayStart(`date_trunc('week', ${day()})::date`);
    case GRANULARITIES.month:
      return dayStart(`date_trunc('month', ${day()})::date`);
    default:
      throw new Error(`granularity ${granularity} has no rollup`);
  }
}
