import type { Aggregation, RetailQuery } from '../../apps/server/src/modules/metrics/sql/retailQuery.ts';

const aggregate: Record<Aggregation, string> = {
  sum: 'sum(value)',
  avg: 'avg(value)',
  min: 'min(value)',
  max: 'max(value)',
  count: 'count(value)',
  median: 'quantile_cont(value, 0.5)',
  p25: 'quantile_cont(value, 0.25)',
  p75: 'quantile_cont(value, 0.75)',
  p95: 'quantile_cont(value, 0.95)',
  first: 'arg_min(value, ts)',
  last: 'arg_max(value, ts)',
};

const units: Record<number, string> = { 3600: 'hour', 86400: 'day', 604800: 'week', 2592000: 'month' };
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The RetailQuery in DuckDB's dialect over its copy of the raw readings: local-time buckets with
 * ICU's timezone(), truncated, then turned back into instants (days start at midnight in the
 * benchmark, so the change of day needs no shift).
 */
export function duckdbSql(q: RetailQuery): string {
  if (q.changeOfDay !== '00:00' || q.weekdays || q.breakdown || (q as { minuteRanges?: unknown }).minuteRanges) throw new Error('the DuckDB twin covers the benchmark requests only');
  const tz = quote(q.tz);
  const unit = q.granularity === null ? null : units[q.granularity];
  if (q.granularity !== null && !unit) throw new Error(`no DuckDB bucket for granularity ${q.granularity}`);
  // Hours are kept as instants (local hour start under the offset in force), so the hour repeated when
  // clocks go back stays two buckets as in the engine; days and months are local calendar keys.
  const local = `timezone(${tz}, ts)`;
  const calendar = !!unit && unit !== 'hour';
  const bucket = !unit ? 'NULL::timestamptz' : calendar ? `date_trunc('${unit}', ${local})` : `ts - (${local} - date_trunc('hour', ${local}))`;
  const ranges = q.ranges.map(([a, b]) => `(ts >= ${quote(a.toISOString())}::timestamptz and ts < ${quote(b.toISOString())}::timestamptz)`).join(' or ');
  return `
    select series, ${calendar ? `timezone(${tz}, b)` : 'b'} as t, value from (
      select ${q.groupBy === 'target' ? 'zone_id' : '0'} as series, ${bucket} as b, ${aggregate[q.aggregation]} as value
      from readings
      where zone_id in (${q.targetIds.join(', ')}) and metric = ${quote(q.metric)} and (${ranges})
      group by all
    ) order by 1, 2`;
}
