import { GRANULARITIES, METRICS_WITHOUT_HOUR_ROLLUP, type RangePiece, type RollupLevel, type RollupRequest, onWholeHours, rangePieces, rollupLevel } from '@sitelens/domain';
import { buildEdgeValuesSql, buildEdgesSql } from './edgesSql.ts';
import { buildRawSql } from './rawSql.ts';
import type { Aggregation, EngineLevel, RetailQuery } from './retailQuery.ts';
import { buildRollupSql } from './rollupSql.ts';
import { SAMPLED_METRICS } from '../request/sampledMetrics.ts';

const PERCENTILES = new Set<Aggregation>(['median', 'p25', 'p75', 'p95']);

/** SQL answering the request from the coarsest exact rollup, or from raw readings. */
export function buildRetailSql(q: RetailQuery): { text: string; params: unknown[]; level: EngineLevel } {
  // One series per reading value (group size): only raw readings know the values.
  const level = q.groupBy === 'value' ? 'raw' : levelFor(q, q.aggregation);
  // A range starting or ending inside a business day: whole days from days, only the edges finer.
  if ((level === 'raw' || level === 'hour') && q.groupBy !== 'value') {
    const pieces = piecesFor(q);
    if (pieces) return { ...buildEdgesSql(q, pieces), level: 'edges' };
  }
  // A median or percentile reads each day's sorted values wherever a day rollup would answer a sum.
  if (level === 'raw' && q.groupBy !== 'value' && PERCENTILES.has(q.aggregation) && SAMPLED_METRICS.includes(q.metric)) {
    const dayLevel = levelFor(q, 'sum');
    if (dayLevel === 'day' || dayLevel === 'month') return { ...buildRollupSql(q, 'dayValues'), level: 'dayValues' };
    // Whole days' sorted values and the edges' raw readings (no hour keeps its values).
    const pieces = piecesFor({ ...q, aggregation: 'sum' }, false);
    if (pieces?.some((p) => p.level === 'day')) return { ...buildEdgeValuesSql(q, pieces), level: 'edges' };
  }
  return { ...(level === 'raw' ? buildRawSql(q) : buildRollupSql(q, level)), level };
}

function levelFor(q: RetailQuery, aggregation: string): RollupLevel {
  const request = rollupRequest(q, aggregation);
  // The same pages ask the same dates again and again, and each answer costs a dozen time-zone
  // conversions (Intl): kept by its inputs, which are all in the key.
  const key = JSON.stringify(request);
  let level = levels.get(key);
  if (level === undefined) {
    level = rollupLevel(request);
    if (levels.size >= 10_000) levels.clear();
    levels.set(key, level);
  }
  // No hour rollup is kept for these metrics: their readings answer hours (docs/decisions.md, "No
  // hour rollup for sales metrics"). Days and months are kept for them as for every metric.
  return level === 'hour' && METRICS_WITHOUT_HOUR_ROLLUP.includes(q.metric) ? 'raw' : level;
}

/** The pieces of the request's ranges (domain rangePieces), kept by their inputs like levels. */
function piecesFor(q: RetailQuery, hours = !METRICS_WITHOUT_HOUR_ROLLUP.includes(q.metric)): RangePiece[] | null {
  const request = { ...rollupRequest(q, q.aggregation), hasHourRollup: hours };
  const key = JSON.stringify(request);
  let found = pieces.get(key);
  if (found === undefined) {
    found = rangePieces(request)?.flat() ?? null;
    if (pieces.size >= 10_000) pieces.clear();
    pieces.set(key, found);
  }
  return found;
}

function rollupRequest(q: RetailQuery, aggregation: string): RollupRequest {
  return {
    aggregation,
    // Keys by business day need day boundaries exactly like day buckets do.
    granularity: q.dateKey ? (q.dateKey === 'monthly' ? GRANULARITIES.month : GRANULARITIES.day) : q.granularity,
    ranges: q.ranges.map(([a, b]) => [a.getTime(), b.getTime()] as const),
    tz: q.tz,
    changeOfDay: q.changeOfDay,
    hasWeekdayFilter: q.weekdays !== null,
    hourFilter: q.minuteRanges === null ? null : onWholeHours(q.minuteRanges) ? ('wholeHours' as const) : ('partialHours' as const),
  };
}

const levels = new Map<string, RollupLevel>();
const pieces = new Map<string, RangePiece[] | null>();
