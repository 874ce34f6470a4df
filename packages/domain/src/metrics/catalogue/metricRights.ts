import type { Gates } from '../../rights/rights.ts';
import { storedMetric } from '../storedMetrics.ts';
import type { MetricRight } from './metricDefinition.ts';
import { metricDefinition } from './metricLookup.ts';
import { storedInputs } from './storedInputs.ts';

/**
 * The right a metric's data needs: the one its catalogue entry declares, else (a stored metric
 * read under its own id) sales data for a metric of the sales family. The catalogue test checks
 * that every entry computed from sales declares it, so a new derived metric cannot leak them.
 */
export function metricRight(metricId: string): MetricRight | null {
  const declared = metricDefinition(metricId)?.right;
  if (declared) return declared;
  return storedInputs(metricId).some((id) => storedMetric(id)?.family === 'sales') ? 'salesData' : null;
}

/** Whether a caller with these gates may read the metric (widgets, KPIs, exports, alerts). */
export function canReadMetric(gates: Pick<Gates, MetricRight>, metricId: string): boolean {
  const right = metricRight(metricId);
  return right === null || gates[right];
}
