import { MAX_RANGE_DAYS } from '../request/retailInput.ts';
import { type EngineLevel, type RetailQuery, sourcesOf } from '../sql/retailQuery.ts';

/** Fixed cost of one statement (planning, the round trip, names): 100 requests cost 100,000 before any row. */
export const STATEMENT_COST = 1000;

/**
 * Seconds of time one row of each level covers for one source: a month, a day, an hour; a day's
 * sorted values count 96 rows (quarter hours); raw readings one per quarter hour, the sensors' step.
 */
const ROW_SECONDS: Record<EngineLevel, number> = { month: 28 * 86_400, day: 86_400, hour: 3_600, dayValues: 900, raw: 900, edges: 86_400 };

/** Pieces (sql/edgesSql.ts) read days, plus at most a day of quarter hours at each edge of a range. */
const EDGE_ROWS = 2 * 96;

/**
 * What a statement will cost, in points, before it runs: its sources (zones and their dependents,
 * passages, devices) times the rows of the level it reads over its date ranges (zones x buckets;
 * each metric is its own statement), plus STATEMENT_COST. A row the engine reads is a point
 * here, whether or not it ends in the answer: a year of readings summed into one value costs a year.
 */
export function statementCost(query: RetailQuery, level: EngineLevel): number {
  const sources = new Set(sourcesOf(query).map((s) => `${s.kind}:${s.id}`)).size;
  const edges = level === 'edges' ? EDGE_ROWS : 0;
  const rows = query.ranges.reduce((sum, [from, to]) => sum + edges + Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000 / ROW_SECONDS[level])), 0);
  return STATEMENT_COST + sources * rows;
}

interface AskedRequest {
  granularity?: number | null;
  groupBy?: { type?: string | null; aggregation?: string | null; granularity?: number | null } | null;
  target?: { ids?: readonly number[] | null } | null;
  filters?: { conditions?: ReadonlyArray<{ type?: string | null; dateBegin?: Date | string | null; dateEnd?: Date | string | null }> | null } | null;
}

const EXACT_IN_ROLLUPS = new Set(['sum', 'avg', 'average', 'min', 'max', 'count']);

/**
 * The least a request can cost, from its arguments alone (before any statement, site or zone is
 * read): its named targets (1 without), the coarsest level that could answer it (a median, a
 * percentile or a quarter-hour bucket reads quarter hours whatever the site), its dates. What the
 * engine then finds (dependent zones, a finer level) only adds, and is charged as it runs.
 */
export function requestCostAtLeast(input: AskedRequest): number {
  const aggregation = input.groupBy?.aggregation ?? 'sum';
  const granularity = input.granularity ?? input.groupBy?.granularity ?? null;
  const level: EngineLevel =
    input.groupBy?.type === 'value' || !EXACT_IN_ROLLUPS.has(aggregation)
      ? 'raw'
      : granularity === null || granularity >= 28 * 86_400
        ? 'month'
        : granularity >= 86_400
          ? 'day'
          : granularity >= 3_600
            ? 'hour'
            : 'raw';
  const targets = Math.max(1, input.target?.ids?.length ?? 1);
  const ranges = (input.filters?.conditions ?? []).filter((c) => c.type === 'date' && c.dateBegin && c.dateEnd);
  // A range wider than MAX_RANGE_DAYS is refused by the request's own check (TIME_RANGE_TOO_WIDE, which
  // says what to change) before it costs anything: counted here at that width, so that check answers first.
  const span = (c: { dateBegin?: Date | string | null; dateEnd?: Date | string | null }) => Math.min(MAX_RANGE_DAYS * 86_400, Math.max(0, (new Date(c.dateEnd!).getTime() - new Date(c.dateBegin!).getTime()) / 1000));
  const seconds = ranges.reduce((sum, c) => sum + span(c), 0);
  return STATEMENT_COST + targets * Math.floor(seconds / ROW_SECONDS[level]);
}
