import type { CatalogueFamily, MetricDefinition, MetricScale } from './metricDefinition.ts';
import { METRIC_CATALOGUE } from './metricCatalogue.ts';

const byId: ReadonlyMap<string, MetricDefinition> = new Map(METRIC_CATALOGUE.map((d) => [d.id, d]));

export function metricDefinition(id: string): MetricDefinition | undefined {
  return byId.get(id);
}

export function metricsOfFamily(family: CatalogueFamily): MetricDefinition[] {
  return METRIC_CATALOGUE.filter((d) => d.family === family);
}

/** The percentage metrics of spec 001 §9 (rates, popularity, humidity). */
export function isPercentageMetric(id: string): boolean {
  return byId.get(id)?.percentage === true;
}

export function scaleOf(id: string): MetricScale | undefined {
  return byId.get(id)?.scale;
}

/**
 * The end of a progress bar or pie (spec 001 §9): 100 for percentages, the sum of the values for
 * counts, the largest value for dwell-like metrics. Missing values (non-finite) are left out; an
 * unknown metric takes the largest value so that no bar overflows. 0 when nothing is left.
 */
export function progressMaximum(id: string, values: readonly number[]): number {
  const rule = byId.get(id)?.maximum ?? 'max';
  if (typeof rule === 'number') return rule;
  if (rule === 'hundred') return 100;
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return 0;
  return rule === 'sum' ? finite.reduce((s, v) => s + v, 0) : finite.reduce((m, v) => Math.max(m, v));
}
