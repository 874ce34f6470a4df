import fc from 'fast-check';
import { GRANULARITIES as G } from '@sitelens/domain';
import type { ScenarioReading, ScenarioRequest } from './scenarioTypes.ts';
import type { ReferenceRequest, ReferenceSite } from './referenceEngine.ts';
import { type RangeSpec, materializeRange } from './scenarioRanges.ts';

const ROLLUP_AGGREGATIONS = ['sum', 'avg', 'min', 'max', 'count'] as const;
const PERCENTILES = ['median', 'p25', 'p75', 'p95'] as const;
const SHARES = ['percentage', 'weightedPercentage'] as const;
const AGGREGATIONS = [...ROLLUP_AGGREGATIONS, ...PERCENTILES, ...SHARES, 'first', 'last'] as const;
/** Finest first: a granularity too fine for the requested span moves up this list (MAX_BUCKETS). */
const GRANULARITY_LADDER = [G.minute, G.fiveMinutes, G.tenMinutes, G.fifteenMinutes, G.thirtyMinutes, G.hour, G.day, G.week, G.month];
const MAX_BUCKETS = 10_000;

const anchor = fc.nat(3);
const monthRange = fc.record({ kind: fc.constant('month' as const), anchor, shift: fc.integer({ min: -1, max: 0 }), length: fc.integer({ min: 1, max: 2 }) });
const dayRange = fc.record({ kind: fc.constant('day' as const), anchor, shift: fc.integer({ min: -2, max: 1 }), length: fc.integer({ min: 1, max: 3 }) });
const hourRange = fc.record({ kind: fc.constant('hour' as const), anchor, shift: fc.integer({ min: -6, max: 1 }), length: fc.integer({ min: 1, max: 30 }) });
/** Mostly whole hours (hour rollups at the edges), sometimes odd minutes (raw readings at the edges). */
const edgeMinutes = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: -14, max: 14 }).map((h) => h * 60) }, { weight: 1, arbitrary: fc.integer({ min: -900, max: 900 }) }, { weight: 1, arbitrary: fc.constant(0) });
const shiftedRange = fc.record({ kind: fc.constant('shifted' as const), anchor, shift: fc.integer({ min: -2, max: 1 }), length: fc.integer({ min: 1, max: 4 }), begin: edgeMinutes, end: edgeMinutes });
const freeRange = fc.record({ kind: fc.constant('free' as const), anchor, shift: fc.integer({ min: -86_400, max: 600 }), length: fc.integer({ min: 1, max: 172_800 }) });

/** Plans bias requests toward each rollup level; the level actually taken is whatever the engine picks. */
const PLANS = {
  month: { ranges: [monthRange], granularities: [G.month], aggregations: ROLLUP_AGGREGATIONS, weekdays: false },
  // Percentiles over whole business days read each day's sorted values.
  day: { ranges: [dayRange, monthRange], granularities: [G.day, G.week, G.month], aggregations: [...ROLLUP_AGGREGATIONS, ...PERCENTILES, ...SHARES], weekdays: true },
  // Percentiles alone, so that every run reads day values (sampled metrics) and raw counts, even one the time limit cuts short.
  percentiles: { ranges: [dayRange, monthRange], granularities: [G.day, G.week, G.month], aggregations: PERCENTILES, weekdays: true },
  hour: { ranges: [hourRange], granularities: [G.hour, G.hour, G.hour, G.day, G.week], aggregations: ROLLUP_AGGREGATIONS, weekdays: true },
  // Days that start or end inside a business day: whole days from days, the edges from hours or raw
  // readings (percentiles and first/last stay on their own path, and must still answer the same).
  edges: { ranges: [shiftedRange, shiftedRange, dayRange], granularities: [G.day, G.day, G.week, G.month, G.hour], aggregations: [...ROLLUP_AGGREGATIONS, ...ROLLUP_AGGREGATIONS, ...PERCENTILES, ...SHARES, 'first'], weekdays: true },
  // Percentiles of shifted days alone (whole days' values and raw edges), so that every run reaches them.
  edgePercentiles: { ranges: [shiftedRange], granularities: [G.day, G.week, G.month], aggregations: PERCENTILES, weekdays: true },
  any: { ranges: [freeRange, freeRange, hourRange, dayRange], granularities: [...GRANULARITY_LADDER, G.hour, G.hour], aggregations: AGGREGATIONS, weekdays: true },
  // Sub-day buckets right after a DST change (the first anchors), where local clocks fold and skip.
  dst: { ranges: [hourRange, freeRange], granularities: [G.fifteenMinutes, G.thirtyMinutes, G.hour, G.hour, G.hour], aggregations: AGGREGATIONS, weekdays: false },
};

const weekdayCondition = fc.record({ operator: fc.constantFrom('IS', 'IS_NOT'), days: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1, maxLength: 3 }) });

export const requestSpec = fc.constantFrom<keyof typeof PLANS>('month', 'day', 'percentiles', 'hour', 'edges', 'edges', 'edgePercentiles', 'any', 'any', 'dst').chain((plan) => {
  const p = PLANS[plan];
  return fc.record({
    // Most requests look at the series, zone and time of one reading, or of the reading nearest an anchor.
    focus:
      plan === 'dst'
        ? fc.record({ anchor: fc.nat(1) })
        : fc.oneof(
            { weight: 1, arbitrary: fc.constant(null) },
            { weight: 2, arbitrary: fc.record({ reading: fc.nat() }) },
            { weight: 2, arbitrary: fc.record({ anchor: fc.nat(3) }) },
          ),
    // Day values hold sampled metrics only: percentile plans mostly ask for one.
    metric: plan === 'percentiles' || plan === 'edgePercentiles' ? fc.constantFrom('temperature', 'temperature', 'visitorsIn') : fc.constantFrom('visitorsIn', 'temperature'),
    gender: fc.constantFrom(null, null, 'FEMALE', 'MALE', 'ALL'),
    zones: fc.shuffledSubarray([0, 1, 2], { minLength: 1 }),
    groupBy: fc.constantFrom('date', 'all', 'zone', 'zone', 'zoneId', 'zoneId', 'tag', 'tagCategory'),
    // Tags of the group-by: TAGS indexes (tag), or a category index (tagCategory).
    groupTags: fc.subarray([0, 1, 2, 3], { minLength: 1 }),
    groupCategory: fc.nat(1),
    // Category conditions (TAGS indexes), mostly none.
    tagFilters: fc.oneof({ weight: 3, arbitrary: fc.constant<number[][]>([]) }, { weight: 1, arbitrary: fc.array(fc.subarray([0, 1, 2, 3], { minLength: 1 }), { minLength: 1, maxLength: 2 }) }),
    aggregation: fc.option(fc.constantFrom<string>(...p.aggregations), { freq: 5 }),
    granularity: fc.constantFrom<number>(...p.granularities),
    // Where the granularity goes; 'none' leaves a date group-by hourly and any other one value per group.
    granularityAt: fc.constantFrom('groupBy', 'request', 'none'),
    ranges: fc.array(fc.oneof(...(p.ranges as Array<fc.Arbitrary<RangeSpec>>)), { minLength: 1, maxLength: 3 }),
    weekdays: p.weekdays ? fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: weekdayCondition }) : fc.constant(null),
    limit: fc.constantFrom(null, null, null, 1),
  });
});

type RequestSpec = typeof requestSpec extends fc.Arbitrary<infer T> ? T : never;

export interface RequestContext {
  site: ReferenceSite;
  /** Instant of the i-th anchor of the site (modulo their number). */
  at: (i: number) => number;
  zoneCount: number;
  readings: readonly ScenarioReading[];
}

export function toRequest(q: RequestSpec, { site, at, zoneCount, readings }: RequestContext): ScenarioRequest {
  const { focus, focusTs } = focusOf(q.focus, readings, at);
  const metric = focus?.metric ?? q.metric;
  const gender = focus ? (focus.breakdown.replace('gender:', '') || (q.gender === 'ALL' ? 'ALL' : null)) : q.gender;
  const zones = [...new Set([...(focus ? [focus.zone] : []), ...q.zones.map((z) => z % zoneCount)])];
  const ranges = q.ranges.map((r, i) => materializeRange(r, site, i === 0 && focus ? focusTs : at(r.anchor)));
  const span = ranges.reduce((s, [a, b]) => s + (b - a) / 1000, 0);
  const granularity = GRANULARITY_LADDER.find((g) => g >= q.granularity && span / g <= MAX_BUCKETS) ?? G.month;

  const conditions: NonNullable<ReferenceRequest['filters']>['conditions'] = ranges.map(([a, b]) => ({
    type: 'date',
    dateBegin: new Date(a).toISOString(),
    dateEnd: new Date(b).toISOString(),
  }));
  if (gender && metric === 'visitorsIn') conditions.push({ type: 'gender', values: [gender] });
  if (q.weekdays) conditions.push({ type: 'day', operator: q.weekdays.operator, values: q.weekdays.days.map(String) });
  const aggregation = q.aggregation ?? undefined;
  return {
    metric,
    zones,
    filters: { operator: 'AND', conditions },
    groupBy: { type: q.groupBy, ...(aggregation ? { aggregation } : {}), ...(q.granularityAt === 'groupBy' ? { granularity } : {}) },
    ...(q.granularityAt === 'request' ? { granularity } : {}),
    ...(q.limit ? { limit: q.limit } : {}),
    ...(q.tagFilters.length ? { tagFilters: q.tagFilters } : {}),
    ...(q.groupBy === 'tag' ? { groupTags: q.groupTags } : {}),
    ...(q.groupBy === 'tagCategory' ? { groupCategory: q.groupCategory } : {}),
  };
}

/** The reading a request looks at, and the instant its first range is built around. */
function focusOf(spec: RequestSpec['focus'], readings: readonly ScenarioReading[], at: (i: number) => number) {
  if (spec === null || readings.length === 0) return { focus: null, focusTs: 0 };
  if ('reading' in spec) {
    const focus = readings[spec.reading % readings.length]!;
    return { focus, focusTs: Date.parse(focus.ts) };
  }
  // The reading nearest the anchor, preferring those at or after it (just past a DST change).
  const focusTs = at(spec.anchor);
  const distance = (r: ScenarioReading) => Date.parse(r.ts) - focusTs + (Date.parse(r.ts) < focusTs ? 1e15 : 0);
  const focus = readings.reduce((best, r) => (distance(r) < distance(best) ? r : best));
  return { focus, focusTs };
}
