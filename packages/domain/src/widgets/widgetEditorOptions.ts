import { METRIC_CATALOGUE } from '../metrics/catalogue/metricCatalogue.ts';
import type { CatalogueFamily, MetricDefinition } from '../metrics/catalogue/metricDefinition.ts';
import { engineAnswers } from '../metrics/catalogue/answeredMetrics.ts';
import { metricDefinition } from '../metrics/catalogue/metricLookup.ts';
import type { GroupByType } from '../metrics/catalogue/groupByTypes.ts';
import type { AggregationId } from '../metrics/catalogue/aggregations.ts';
import { SORT_TYPES } from '../metrics/seriesRanking.ts';
import { storedMetric } from '../metrics/storedMetrics.ts';
import { GRANULARITIES } from '../time/bucketStart.ts';

// The choices the side panel offers for a metric: only what the metrics engine answers
// (apps/server/src/modules/metrics/request/retailRequest.ts), so a saved widget never fails to load.

/** A site's families (Installation.families: counting, atmosphere, energy, sales) to catalogue families. */
const FAMILIES: Readonly<Record<string, readonly CatalogueFamily[]>> = {
  counting: ['counting'],
  atmosphere: ['atmosphere'],
  energy: ['energy', 'water', 'combustible', 'heat'],
  sales: ['sales'],
};

/** The catalogue metrics a site with these families can show, in catalogue order. */
export function editorMetricsForFamilies(families: readonly string[]): MetricDefinition[] {
  const wanted = new Set(families.flatMap((f) => FAMILIES[f] ?? []));
  // Only what the engine answers: a metric it refuses would leave the widget with an error.
  return METRIC_CATALOGUE.filter((m) => wanted.has(m.family) && engineAnswers(m.id));
}

/** Aggregations the engine answers (the catalogue's others need raw series it does not serve yet). */
export const EDITOR_AGGREGATIONS = ['sum', 'average', 'min', 'max', 'median', 'count', 'first', 'last', 'p25', 'p75', 'p95'] as const satisfies readonly AggregationId[];
export type EditorAggregation = (typeof EDITOR_AGGREGATIONS)[number];

/** Time buckets offered for a grouping by date. */
export const EDITOR_GRANULARITIES = { hour: GRANULARITIES.hour, day: GRANULARITIES.day, week: GRANULARITIES.week, month: GRANULARITIES.month } as const;
export type EditorGranularity = keyof typeof EDITOR_GRANULARITIES;

const BREAKDOWN_GROUP_BYS: ReadonlyArray<[GroupByType, string]> = [
  ['gender', 'gender'],
  ['engagement', 'engagement'],
  ['ageCategory', 'age'],
  ['energyOrigin', 'origin'],
  ['energyDestination', 'destination'],
  ['combustibleType', 'combustible'],
  ['waterTemperature', 'waterTemperature'],
  ['useType', 'use'],
];

/** A group-by that splits a metric by a breakdown (the engine refuses it with a breakdown condition). */
export const isBreakdownGroupBy = (type: string): boolean => BREAKDOWN_GROUP_BYS.some(([g]) => g === type);

/**
 * Group-by types a metric allows: by date, over the whole range, per zone (with or without its
 * dependent zones), the breakdowns its readings carry, and group sizes for the group size metric.
 */
export function editorGroupBys(metricId: string): GroupByType[] {
  const definition = metricDefinition(metricId);
  if (!definition) return [];
  const stored = storedMetric(definition.storedAs ?? metricId);
  const breakdowns = stored?.breakdowns ?? [];
  return [
    'date',
    'all',
    'zone',
    'zoneId',
    ...BREAKDOWN_GROUP_BYS.filter(([, dimension]) => breakdowns.includes(dimension)).map(([type]) => type),
    ...(metricId === 'groupSize' ? (['groupSize'] as const) : []),
  ];
}

/** The granularity name of a number of seconds, or undefined for one the panel does not offer. */
export function editorGranularityOf(seconds: number | undefined): EditorGranularity | undefined {
  return (Object.keys(EDITOR_GRANULARITIES) as EditorGranularity[]).find((k) => EDITOR_GRANULARITIES[k] === seconds);
}

// A metric's own filter conditions, as the engine reads them (metrics/request/retailRequest.ts,
// tagScope.ts): gender and engagement pick one breakdown of the metric, category keeps the zones
// carrying the tags, day keeps weekdays (IS) or drops them (IS_NOT), hours keeps a part of each day.
// Date and zone are left to the page: a date condition adds its range to the page's (OR), and a
// second zone condition is refused.
export const EDITOR_FILTER_TYPES = ['gender', 'engagement', 'category', 'day', 'hours'] as const;
export type EditorFilterType = (typeof EDITOR_FILTER_TYPES)[number];

/** The fixed values of each condition type (category takes the organization's tags). */
export const EDITOR_FILTER_VALUES: Readonly<Record<Exclude<EditorFilterType, 'category'>, readonly string[]>> = {
  gender: ['FEMALE', 'MALE'],
  engagement: ['ENGAGED', 'NOT_ENGAGED'],
  day: ['1', '2', '3', '4', '5', '6', '7'],
  hours: ['morning', 'afternoon', 'openingHours'],
};

/** Condition types whose every value counts (days, tags); the others read their first value only. */
export const MULTI_VALUE_FILTERS: readonly EditorFilterType[] = ['category', 'day'];

/** Condition types a metric accepts: a breakdown only when its readings carry it, tags only on zones. */
export function editorFilterTypes(metricId: string): EditorFilterType[] {
  const definition = metricDefinition(metricId);
  if (!definition) return [];
  const stored = storedMetric(definition.storedAs ?? metricId);
  const breakdowns = stored?.breakdowns ?? [];
  return EDITOR_FILTER_TYPES.filter((type) => {
    if (type === 'gender' || type === 'engagement') return breakdowns.includes(type);
    if (type === 'category') return !stored || stored.targets.includes('zone');
    return true;
  });
}

/** Operators the engine honours per condition type: only the day filter reads IS NOT. */
export const editorFilterOperators = (type: string): ReadonlyArray<'IS' | 'IS_NOT'> => (type === 'day' ? ['IS', 'IS_NOT'] : ['IS']);

/** Top N: the engine keeps at most this many series (RetailDataInput.limit, argumentBounds.ts). */
export const EDITOR_LIMIT_MAX = 10_000;
/** What series are ranked by before the top N are kept: their figure over the range. */
export const EDITOR_SORT_TYPES = SORT_TYPES;
