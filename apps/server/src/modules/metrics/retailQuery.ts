import { GRANULARITIES, type MinuteRanges, type RollupLevel, type TargetKind, onWholeHours, rollupLevel } from '@sitelens/domain';
import { buildRawSql } from './rawSql.ts';
import { buildRollupSql } from './rollupSql.ts';

export type Aggregation = 'sum' | 'avg' | 'min' | 'max' | 'median' | 'count' | 'p25' | 'p75' | 'p95' | 'first' | 'last';
export type GroupByType = 'date' | 'all' | 'target' | 'breakdown' | 'tag';
export type DateKey = 'weekday' | 'weekend' | 'weekly' | 'monthly';

/** A request the engine can answer, already checked against the caller's rights and the catalogue. */
export interface RetailQuery {
  organizationId: number;
  tz: string;
  changeOfDay: string;
  metric: string;
  targetKind: TargetKind;
  targetIds: number[];
  /** '' for totals, or the one breakdown a filter selects ('gender:FEMALE'). */
  breakdown: string;
  /** With groupBy 'breakdown': the dimension whose values become the series (gender, engagement ...). */
  breakdownDimension?: string | null;
  ranges: Array<[Date, Date]>;
  weekdays: { operator: 'IS' | 'IS_NOT'; days: number[] } | null;
  /** Minutes of the local week counted (hour presets, opening hours); null counts every hour. */
  minuteRanges: MinuteRanges | null;
  granularity: number | null;
  /** Discontinuous dates: buckets keyed by weekday, weekday/weekend, ISO week or month, t null. */
  dateKey?: DateKey | null;
  /** With groupBy 'tag': one series per tag, over the zones that carry it. */
  groupTagIds?: number[] | null;
  groupBy: GroupByType;
  aggregation: Aggregation;
}

/** SQL answering the request from the coarsest exact rollup, or from raw readings. */
export function buildRetailSql(q: RetailQuery): { text: string; params: unknown[]; level: RollupLevel } {
  const level = rollupLevel({
    aggregation: q.aggregation,
    // Keys by business day need day boundaries exactly like day buckets do.
    granularity: q.dateKey ? (q.dateKey === 'monthly' ? GRANULARITIES.month : GRANULARITIES.day) : q.granularity,
    ranges: q.ranges.map(([a, b]) => [a.getTime(), b.getTime()] as const),
    tz: q.tz,
    changeOfDay: q.changeOfDay,
    hasWeekdayFilter: q.weekdays !== null,
    hourFilter: q.minuteRanges === null ? null : onWholeHours(q.minuteRanges) ? 'wholeHours' : 'partialHours',
  });
  return { ...(level === 'raw' ? buildRawSql(q) : buildRollupSql(q, level)), level };
}

/** SQL test that the local time `local` (a timestamp without zone) falls in the counted minutes of the week. */
export function minuteRangesSql(ranges: MinuteRanges | null, local: string): string {
  if (ranges === null) return '';
  if (ranges.length === 0) return 'and false';
  const mow = `((extract(isodow from ${local})::int - 1) * 1440 + extract(hour from ${local})::int * 60 + extract(minute from ${local})::int)`;
  // Bounds are integers computed on the server, never text from the request.
  return `and (${ranges.map(([a, b]) => `(${mow} >= ${Math.trunc(a)} and ${mow} < ${Math.trunc(b)})`).join(' or ')})`;
}

/** The WHERE test on breakdown and the series expression, shared by the raw and rollup SQL. */
export function seriesSql(q: RetailQuery, p: (v: unknown) => string): { breakdownTest: string; series: string; join: string } {
  if (q.groupBy === 'breakdown') {
    return { breakdownTest: `breakdown like ${p(`${q.breakdownDimension}:%`)}`, series: `split_part(breakdown, ':', 2)`, join: '' };
  }
  const breakdownTest = `breakdown = ${p(q.breakdown)}`;
  if (q.groupBy === 'tag') {
    // A zone with two of the tags counts in both series, as each tag's total should.
    return { breakdownTest, series: 'zt.tag_id::text', join: `join zone_tags zt on zt.zone_id = target_id and zt.tag_id = any(${p(q.groupTagIds ?? [])}::int[])` };
  }
  return { breakdownTest, series: q.groupBy === 'target' ? 'target_id::text' : `'all'`, join: '' };
}

/** The key of a business day (a SQL date) for a discontinuous-date group-by, or null. */
export function dateKeySql(key: DateKey | null | undefined, day: string): string {
  switch (key) {
    case 'weekday':
      return `extract(isodow from ${day})::int::text`;
    case 'weekend':
      return `case when extract(isodow from ${day}) >= 6 then 'weekend' else 'weekday' end`;
    case 'weekly':
      return `'W' || to_char(${day}, 'IW')`;
    case 'monthly':
      return `to_char(${day}, 'MM')`;
    default:
      return 'null::text';
  }
}
