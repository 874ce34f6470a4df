import { ATMOSPHERE_METRICS } from './atmosphereMetrics.ts';
import { COUNTING_METRICS } from './countingMetrics.ts';
import { RETAIL_METRICS } from './retailMetrics.ts';
import type { MetricDefinition } from './metricDefinition.ts';
import { UTILITY_METRICS } from './utilityMetrics.ts';

export type { CatalogueFamily, MetricDefinition, MetricRight, MetricScale, ProgressMaximumRule } from './metricDefinition.ts';
export { COMFORT_SCALE, GENERAL_SCALE } from './metricDefinition.ts';

/**
 * Every metric of spec 001 §3: the stored ones (read from STORED_METRICS under the same id) and
 * those the engine derives from them.
 */
export const METRIC_CATALOGUE: readonly MetricDefinition[] = [
  ...COUNTING_METRICS,
  ...ATMOSPHERE_METRICS,
  ...UTILITY_METRICS,
  ...RETAIL_METRICS,
];
