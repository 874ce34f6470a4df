import { type WidgetMetric, metricDefinition } from '@sitelens/domain';
import type { RetailResult } from '../../core/retailData.graphql.ts';

export type Fold = 'sum' | 'min' | 'max' | 'first' | 'last';

const EXACT: Record<string, Fold> = { sum: 'sum', count: 'sum', min: 'min', max: 'max', first: 'first', last: 'last' };
const TIME_GROUPINGS = new Set(['date', 'discontinuousDate']);

/**
 * How a metric grouped by an entity (zone, tag, gender ...) without a granularity folds the time
 * buckets the engine still answers into one value per entity, when that fold is exact (sums, counts,
 * minima, maxima, first and last). Averages and percentiles cannot be rebuilt from buckets: null.
 */
export function entityFold(metric: WidgetMetric | undefined): Fold | null {
  if (!metric?.groupBy || TIME_GROUPINGS.has(metric.groupBy.type) || metric.granularity || metric.groupBy.granularity) return null;
  const aggregation = metric.groupBy.aggregation ?? metricDefinition(metric.type)?.defaultAggregation;
  return aggregation ? (EXACT[aggregation] ?? null) : null;
}

function fold(values: number[], how: Fold): number | null {
  if (values.length === 0) return null;
  switch (how) {
    case 'sum':
      return values.reduce((a, b) => a + b, 0);
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    case 'first':
      return values[0]!;
    case 'last':
      return values[values.length - 1]!;
  }
}

/** Each result's series folded to one point where its metric's fold is known; the others as they are. */
export function foldSeries(results: readonly RetailResult[], folds: ReadonlyArray<Fold | null>): RetailResult[] {
  return results.map((result, i) => {
    const how = folds[i];
    if (!how) return result;
    return {
      ...result,
      series: result.series.map((s) => {
        const ordered = [...s.points].sort((a, b) => (a.t ?? a.key ?? '').localeCompare(b.t ?? b.key ?? ''));
        const values = ordered.map((p) => p.value).filter((v): v is number => v !== null);
        return { ...s, points: [{ t: null, key: null, value: fold(values, how) }] };
      }),
    };
  });
}

/** The widget metric behind each result (inside may have been left out of the requests). */
export function metricsOfResults(results: readonly RetailResult[], metrics: readonly WidgetMetric[]): Array<WidgetMetric | undefined> {
  let next = 0;
  return results.map((r) => {
    const at = metrics.findIndex((m, i) => i >= next && m.type === r.metric);
    if (at < 0) return undefined;
    next = at + 1;
    return metrics[at];
  });
}

/**
 * The results a table draws: folded to one value per entity when every result over time can be
 * folded exactly; otherwise as answered (a table mixing folded and hourly columns would mislead).
 */
export function tableResults(results: readonly RetailResult[], metrics: readonly WidgetMetric[]): RetailResult[] {
  const folds = metricsOfResults(results, metrics).map(entityFold);
  const overTime = (r: RetailResult) => r.series.some((s) => s.points.length > 1);
  if (results.some((r, i) => overTime(r) && !folds[i])) return [...results];
  return foldSeries(results, folds);
}
