import { GRANULARITIES, type RangePiece, businessDate } from '@sitelens/domain';
import { type Aggregation, type RetailQuery, dateKeySql, minuteRangesSql, seriesSql } from './retailQuery.ts';
import { PERCENTILE_FRACTIONS, bucketSql, oneSeries, percentileSql } from './rollupSql.ts';

/** What each piece keeps per group, from a rollup's stats or from raw readings, and how the pieces combine. */
const STATS = {
  s: { rollup: 'sum(sum)', raw: 'sum(value)', whole: 'sum(s)' },
  c: { rollup: 'sum(count)::float8', raw: 'count(value)::float8', whole: 'sum(c)' },
  mn: { rollup: 'min(min)', raw: 'min(value)', whole: 'min(mn)' },
  mx: { rollup: 'max(max)', raw: 'max(value)', whole: 'max(mx)' },
} as const;

type Stat = keyof typeof STATS;

/** An average is the pieces' sum over their count, never an average of their averages. */
const COMBINED: Partial<Record<Aggregation, { stats: Stat[]; value: string }>> = {
  sum: { stats: ['s'], value: STATS.s.whole },
  count: { stats: ['c'], value: STATS.c.whole },
  min: { stats: ['mn'], value: STATS.mn.whole },
  max: { stats: ['mx'], value: STATS.mx.whole },
  avg: { stats: ['s', 'c'], value: 'sum(s) / nullif(sum(c), 0)' },
};

const SOURCES = {
  day: { table: 'rollup_day', instant: null, stat: 'rollup' },
  hour: { table: 'rollup_hour', instant: 'bucket', stat: 'rollup' },
  raw: { table: 'readings', instant: 'ts', stat: 'raw' },
} as const;

type Source = keyof typeof SOURCES;

/** What one level's part selects after its keys, and whether it groups them. */
type Shape = (level: Source) => { table: string; columns: string; grouped: boolean };

/**
 * The answer of a range that starts or ends inside a business day (or an hour), from its pieces
 * (domain rangePieces): whole days from rollup_day, whole hours from rollup_hour, the rest from raw
 * readings. Each level's pieces are grouped on the same keys (series, bucket, date key) with the
 * stats the aggregation needs, then the groups of every level are combined: sums and counts add,
 * minima and maxima take the extreme, an average is the total sum over the total count.
 */
export function buildEdgesSql(q: RetailQuery, pieces: readonly RangePiece[]): { text: string; params: unknown[] } {
  const combined = COMBINED[q.aggregation];
  if (!combined) throw new Error(`pieces cannot combine ${q.aggregation}`);
  const built = pieceRows(q, pieces, (level) => {
    const { table, stat } = SOURCES[level];
    return { table, columns: combined.stats.map((name) => `${STATS[name][stat]} as ${name}`).join(', '), grouped: true };
  });
  const text = `
    select series, ${built.start('b')} as t, k, value from (
      select series, b, k, ${combined.value} as value
      from (${built.parts.join('\n      union all\n      ')}) pieces
      group by 1, 2, 3
    ) g order by ${built.order}`;
  return { text, params: built.params };
}

/**
 * A median or percentile of a range with partial days: whole days' sorted values (rollup_day_values)
 * and the edges' raw readings sorted per group, read together by the same exact percentile as whole
 * days (percentileSql reads any set of sorted arrays). No summary combines into a percentile: only
 * every value does, so the edges here are raw readings, never hours.
 */
export function buildEdgeValuesSql(q: RetailQuery, pieces: readonly RangePiece[]): { text: string; params: unknown[] } {
  const fraction = PERCENTILE_FRACTIONS[q.aggregation];
  if (!fraction) throw new Error(`not a percentile: ${q.aggregation}`);
  const built = pieceRows(q, pieces, (level) =>
    level === 'day'
      ? { table: 'rollup_day_values', columns: 'samples as a, cardinality(samples) as n', grouped: false }
      : { table: SOURCES[level].table, columns: 'array_agg(value order by value) as a, count(*)::int as n', grouped: true },
  );
  const text = percentileSql(fraction, built.parts.join('\n      union all\n      '), built.start, built.order);
  return { text, params: built.params };
}

/** Each level's part over its pieces, keyed alike: series, bucket key b, date key k. */
function pieceRows(q: RetailQuery, pieces: readonly RangePiece[], shape: Shape) {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  // Placeholders for the zone and change of day are added on first use: PostgreSQL refuses unused ones.
  let tzParam = '';
  let codParam = '';
  const tz = () => (tzParam ||= p(q.tz));
  const cod = () => (codParam ||= `${p(q.changeOfDay)}::interval`);
  const dayStart = (d: string) => `local_start(${d} + ${cod()}, ${tz()})`;
  const levels = (['day', 'hour', 'raw'] as const).filter((level) => pieces.some((piece) => piece.level === level));
  let start = (b: string) => b;
  const parts = levels.map((level) => {
    const { instant } = SOURCES[level];
    const { table, columns, grouped } = shape(level);
    const split = oneSeries(q, p) ?? seriesSql(q, p);
    const day = () => (instant ? `((${instant} at time zone ${tz()}) - ${cod()})::date` : 'day');
    const ranges = pieces
      .filter((piece) => piece.level === level)
      .map(({ range: [a, b] }) =>
        instant
          ? `(${instant} >= ${p(new Date(a))} and ${instant} < ${p(new Date(b))})`
          : `(day >= ${p(businessDate(a, q.tz, q.changeOfDay))}::date and day < ${p(businessDate(b, q.tz, q.changeOfDay))}::date)`,
      )
      .join(' or ');
    const weekdays = q.weekdays ? `and ${q.weekdays.operator === 'IS' ? '' : 'not '}(extract(isodow from ${day()})::int = any(${p(q.weekdays.days)}::int[]))` : '';
    const minutes = instant && q.minuteRanges ? minuteRangesSql(q.minuteRanges, `(${instant} at time zone ${tz()})`) : '';
    const bucket =
      q.granularity === GRANULARITIES.hour
        ? { key: level === 'raw' ? `local_bucket_start(ts, ${tz()}, 3600)` : 'bucket', start: (b: string) => b }
        : bucketSql(q.granularity, 'day', day, dayStart);
    start = bucket.start;
    return `select ${split.series} as series, ${bucket.key} as b, ${q.dateKey ? dateKeySql(q.dateKey, day()) : 'null::text'} as k, ${columns}
      from ${table} ${split.join}
      where organization_id = ${p(q.organizationId)} and ${split.targetTest} and metric = ${p(q.metric)} and ${split.breakdownTest}
        and (${ranges}) ${weekdays} ${minutes}${grouped ? '\n      group by 1, 2, 3' : ''}`;
  });
  return { parts, params, start, order: q.dateKey ? 'series, b, k' : 'series, b' };
}
