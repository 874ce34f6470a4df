import type { MinuteRanges, RollupLevel, SeriesSource, TargetKind } from '@sitelens/domain';

// The engine's query shape and the SQL fragments its statements share (rawSql.ts, rollupSql.ts);
// retailSql.ts picks the statement.

export type Aggregation = 'sum' | 'avg' | 'min' | 'max' | 'median' | 'count' | 'p25' | 'p75' | 'p95' | 'first' | 'last';
export type GroupByType = 'date' | 'all' | 'target' | 'breakdown' | 'tag' | 'value';
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
  /** The stored targets feeding each series (dependent zones, devices placed in a zone); see sourcesOf. */
  sources?: SeriesSource[];
  /** With groupBy 'target': the kind of target each series is (names), when not targetKind. */
  seriesKind?: TargetKind;
  groupBy: GroupByType;
  aggregation: Aggregation;
}

/**
 * Where an answer is read from: a rollup level, each day's sorted values (percentiles), raw
 * readings, or pieces of the range at several levels (whole days, then hours, raw at the edges).
 */
export type EngineLevel = RollupLevel | 'dayValues' | 'edges';

/** SQL test that the local time `local` (a timestamp without zone) falls in the counted minutes of the week. */
export function minuteRangesSql(ranges: MinuteRanges | null, local: string): string {
  if (ranges === null) return '';
  if (ranges.length === 0) return 'and false';
  const mow = `((extract(isodow from ${local})::int - 1) * 1440 + extract(hour from ${local})::int * 60 + extract(minute from ${local})::int)`;
  // Bounds are integers computed on the server, never text from the request.
  return `and (${ranges.map(([a, b]) => `(${mow} >= ${Math.trunc(a)} and ${mow} < ${Math.trunc(b)})`).join(' or ')})`;
}

/** The sources of each series; without explicit sources, each target feeds its own series or "all". */
export function sourcesOf(q: RetailQuery): SeriesSource[] {
  if (q.sources) return q.sources;
  return q.targetIds.map((id) => ({ series: q.groupBy === 'target' ? String(id) : 'all', kind: q.targetKind, id }));
}

/**
 * The WHERE test on targets and breakdown, the join that maps each reading's target to its series
 * (a source may feed several series: a room's counter in the room's and in a tag's), and the series
 * expression, shared by the raw and rollup SQL.
 */
export function seriesSql(q: RetailQuery, p: (v: unknown) => string): { breakdownTest: string; targetTest: string; series: string; join: string } {
  const sources = sourcesOf(q);
  const targetTest = `target_kind = any(${p([...new Set(sources.map((s) => s.kind))])}::text[]) and target_id = any(${p([...new Set(sources.map((s) => s.id))])}::int[])`;
  const join = `join unnest(${p(sources.map((s) => s.kind))}::text[], ${p(sources.map((s) => s.id))}::int[], ${p(sources.map((s) => s.series))}::text[])
      as src(kind, id, series) on src.kind = target_kind and src.id = target_id`;
  if (q.groupBy === 'breakdown') {
    return { breakdownTest: `breakdown like ${p(`${q.breakdownDimension}:%`)}`, targetTest, series: `split_part(breakdown, ':', 2)`, join };
  }
  return { breakdownTest: `breakdown = ${p(q.breakdown)}`, targetTest, series: q.groupBy === 'value' ? 'value::text' : 'src.series', join };
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

/** A row of the engine's SQL (rollup or raw): series, bucket start, discontinuous key, value. */
export interface EngineRow {
  series: string;
  t: Date | string | null;
  k: string | null;
  value: number | string | null;
}

/**
 * Several engine statements of the same text (one shape, different sites or targets: only the
 * parameters differ) as one statement: each numbered q, in its own order (series, t, k, unique per
 * statement since each groups by them), so that each q's rows are exactly that statement's rows.
 */
export function unionStatements(statements: ReadonlyArray<{ text: string; params: readonly unknown[] }>): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const parts = statements.map((s, i) => {
    const offset = params.length;
    params.push(...s.params);
    // Placeholders are the builders' own ($1 ... $n); values are never spliced into the text.
    const text = s.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
    return `select ${i} as q, s${i}.* from (${text}) s${i}`;
  });
  return { text: `${parts.join('\nunion all\n')}\norder by q, series, t, k`, params };
}
