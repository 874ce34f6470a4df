import { METRIC_CATALOGUE } from '../metrics/catalogue/metricCatalogue.ts';
import type { CatalogueFamily, MetricDefinition } from '../metrics/catalogue/metricDefinition.ts';
import { metricDefinition } from '../metrics/catalogue/metricLookup.ts';
import type { GroupByType } from '../metrics/catalogue/groupByTypes.ts';
import type { AggregationId } from '../metrics/catalogue/aggregations.ts';
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
  return METRIC_CATALOGUE.filter((m) => wanted.has(m.family));
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
