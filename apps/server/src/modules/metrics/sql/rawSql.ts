import { GRANULARITIES } from '@sitelens/domain';
import { type Aggregation, type RetailQuery, dateKeySql, minuteRangesSql, seriesSql } from './retailQuery.ts';

const aggregateSql: Record<Aggregation, string> = {
  sum: 'sum(v)',
  avg: 'avg(v)',
  min: 'min(v)',
  max: 'max(v)',
  count: 'count(v)',
  median: 'percentile_cont(0.5) within group (order by v)',
  p25: 'percentile_cont(0.25) within group (order by v)',
  p75: 'percentile_cont(0.75) within group (order by v)',
  p95: 'percentile_cont(0.95) within group (order by v)',
  // Readings of several targets at one instant are taken in target order, so the answer is stable.
  first: '(array_agg(v order by ts, target_id))[1]',
  last: '(array_agg(v order by ts desc, target_id desc))[1]',
};

/**
 * SQL for the bucket start (timestamptz) of a reading. Sub-day buckets step back from the instant by
 * its local-clock remainder, so the repeated hour of a DST fall-back stays two buckets and
 * half-hour zones align to their local hours; day and longer buckets start at the change-of-day time.
 */
function bucketSql(granularity: number, cod: string, tz: string): string {
  const calendar = (unit: string) => `local_start(date_trunc('${unit}', local - ${cod}) + ${cod}, ${tz})`;
  switch (granularity) {
    case GRANULARITIES.day:
      return calendar('day');
    case GRANULARITIES.week:
      return calendar('week');
    case GRANULARITIES.month:
      return calendar('month');
    default:
      return `local_bucket_start(ts, ${tz}, ${granularity})`;
  }
}

/** Readings grouped by series (all targets together, or one per target) and local-time bucket. */
export function buildRawSql(q: RetailQuery): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const split = seriesSql(q, p);
  const where = `organization_id = ${p(q.organizationId)} and ${split.targetTest}
        and metric = ${p(q.metric)} and ${split.breakdownTest}`;
  const tz = p(q.tz);
  const needsChangeOfDay = q.weekdays !== null || Boolean(q.dateKey) || (q.granularity !== null && q.granularity >= GRANULARITIES.day);
  const cod = needsChangeOfDay ? `${p(q.changeOfDay)}::interval` : `'0'::interval`;
  const rangeSql = q.ranges.map(([a, b]) => `(ts >= ${p(a)} and ts < ${p(b)})`).join(' or ');
  const dayExpr = `extract(isodow from (ts at time zone ${tz}) - ${cod})::int`;
  const daySql = q.weekdays
    ? `and ${q.weekdays.operator === 'IS' ? '' : 'not '}(${dayExpr} = any(${p(q.weekdays.days)}::int[]))`
    : '';
  const bucket = q.granularity ? bucketSql(q.granularity, cod, tz) : 'null::timestamptz';
  const text = `
    with r as (
      select target_id, ${split.series} as series, ts, (ts at time zone ${tz}) as local, value as v from readings ${split.join}
      where ${where} and (${rangeSql}) ${daySql} ${minuteRangesSql(q.minuteRanges, `(ts at time zone ${tz})`)}
    ), bucketed as (
      select series, ${bucket} as b, ${dateKeySql(q.dateKey, `((ts at time zone ${tz}) - ${cod})::date`)} as k, ts, target_id, v from r
    )
    select series, b as t, k, ${aggregateSql[q.aggregation]} as value
    from bucketed group by series, b, k order by series, b, k`;
  return { text, params };
}
