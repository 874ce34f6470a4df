import { type RollupLevel, type TargetKind, rollupLevel } from '@sitelens/domain';
import { buildRawSql } from './rawSql.ts';
import { buildRollupSql } from './rollupSql.ts';

export type Aggregation = 'sum' | 'avg' | 'min' | 'max' | 'median' | 'count' | 'p25' | 'p75' | 'p95' | 'first' | 'last';
export type GroupByType = 'date' | 'all' | 'target';

/** A request the engine can answer, already checked against the caller's rights and the catalogue. */
export interface RetailQuery {
  organizationId: number;
  tz: string;
  changeOfDay: string;
  metric: string;
  targetKind: TargetKind;
  targetIds: number[];
  breakdown: string;
  ranges: Array<[Date, Date]>;
  weekdays: { operator: 'IS' | 'IS_NOT'; days: number[] } | null;
  granularity: number | null;
  groupBy: GroupByType;
  aggregation: Aggregation;
}

/** SQL answering the request from the coarsest exact rollup, or from raw readings. */
export function buildRetailSql(q: RetailQuery): { text: string; params: unknown[]; level: RollupLevel } {
  const level = rollupLevel({
    aggregation: q.aggregation,
    granularity: q.granularity,
    ranges: q.ranges.map(([a, b]) => [a.getTime(), b.getTime()] as const),
    tz: q.tz,
    changeOfDay: q.changeOfDay,
    hasWeekdayFilter: q.weekdays !== null,
  });
  return { ...(level === 'raw' ? buildRawSql(q) : buildRollupSql(q, level)), level };
}
