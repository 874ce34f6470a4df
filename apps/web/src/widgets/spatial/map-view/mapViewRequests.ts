import { type MapElement, metricDefinition, storedMetric, toRetailConditions } from '@sitelens/domain';
import type { RetailResult } from '../../core/retailData.graphql.ts';
import type { RetailRequest } from '../../core/retailRequests.ts';
import type { WidgetContext } from '../../core/widgetContext.ts';
import { elementKey, type MapViewOption } from './mapViewOptions.ts';

/** Which element and metric each request of the batch answers, in the batch's order. */
export interface ValueSlot {
  key: string;
  metric: string;
}

/** Value of each metric on each element: key -> metric -> value (null when no data). */
export type ElementValues = Map<string, Map<string, number | null>>;

/** Sensor metrics (air quality, meters) are stored on devices: a zone reads its sensor's values. */
export function readsDevices(metric: string): boolean {
  const def = metricDefinition(metric);
  const stored = storedMetric(def?.storedAs ?? def?.derivation?.inputs[0] ?? metric);
  return stored?.targets.includes('device') ?? false;
}

/**
 * One retailData request per element of the view and metric: the element's zone or passage alone,
 * the page's filters (minus those the widget ignores), one value over the whole period (group-by
 * all, the metric's own aggregation). A sensor metric on a zone with a sensor reads the sensor.
 * "inside" is left out when it makes no sense (spec 001 §4).
 */
export function mapViewRequests(
  view: MapViewOption,
  elements: MapElement[],
  ctx: Pick<WidgetContext, 'site' | 'filters'>,
  opts: { ignoredFilters: readonly string[]; dropInside: boolean; sensorOf?: (zoneId: number) => number | null | undefined },
): { requests: RetailRequest[]; slots: ValueSlot[] } {
  // Each element reads its own zone or passage: the page's zone chose the plan (mapZoneId).
  const conditions = toRetailConditions(ctx.filters, ctx.site, [...opts.ignoredFilters, 'zone']);
  const requests: RetailRequest[] = [];
  const slots: ValueSlot[] = [];
  const seen = new Set<string>();
  for (const element of elements) {
    const key = elementKey(element);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const own: RetailRequest['target'] = element.zoneId !== undefined ? { kind: 'zone', ids: [element.zoneId] } : { kind: 'passage', ids: [element.passageId!] };
    const sensor = element.zoneId !== undefined ? opts.sensorOf?.(element.zoneId) : undefined;
    for (const metric of view.metrics) {
      if (opts.dropInside && metric.type === 'inside') continue;
      const target: RetailRequest['target'] = sensor && readsDevices(metric.type) ? { kind: 'device', ids: [sensor] } : own;
      const limited = metricDefinition(metric.type)?.limitedRangeDays;
      const request: RetailRequest = {
        installationId: ctx.site.id,
        metric: metric.type,
        filters: { operator: 'AND', conditions },
        groupBy: { type: 'all' },
        target,
      };
      if (limited) request.maxRangeDays = limited;
      requests.push(request);
      slots.push({ key, metric: metric.type });
    }
  }
  return { requests, slots };
}

/** The batch's answers back on their elements: the first value of each answer. */
export function elementValues(slots: ValueSlot[], results: RetailResult[]): ElementValues {
  const out: ElementValues = new Map();
  slots.forEach((slot, i) => {
    const point = results[i]?.series[0]?.points.find((p) => p.value !== null);
    const values = out.get(slot.key) ?? new Map<string, number | null>();
    values.set(slot.metric, point?.value ?? null);
    out.set(slot.key, values);
  });
  return out;
}
