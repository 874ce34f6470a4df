import { type Widget, type WidgetMetric, metricDefinition, toRetailConditions } from '@sitelens/domain';
import type { WidgetContext } from './widgetContext.ts';

/** The wire shape of one retailData request (apps/server/schema.graphql RetailDataInput). */
export interface RetailRequest {
  installationId: number;
  metric: string;
  filters: { operator: 'AND'; conditions: ReturnType<typeof toRetailConditions> };
  groupBy?: WidgetMetric['groupBy'];
  granularity?: number;
  sortBy?: WidgetMetric['sortBy'];
  limit?: number;
  target?: WidgetMetric['target'];
  maxRangeDays?: number;
}

/**
 * The target a metric reads: its own, else a "specific" widget's fixed ids, else the page's zone
 * filter (unless the widget ignores it), else the widget's ids; none leaves the site's top zone.
 */
function targetOf(metric: WidgetMetric, widget: Widget, ctx: WidgetContext): WidgetMetric['target'] {
  if (metric.target) return metric.target;
  const own: WidgetMetric['target'] = widget.zoneIds.length
    ? { kind: 'zone', ids: widget.zoneIds }
    : widget.passageIds.length
      ? { kind: 'passage', ids: widget.passageIds }
      : widget.deviceIds.length
        ? { kind: 'device', ids: widget.deviceIds }
        : undefined;
  if (widget.category === 'specific' && own) return own;
  const zoneId = ctx.filters.zoneId;
  if (zoneId && !widget.ignoredFilters.includes('zone')) return { kind: 'zone', ids: [zoneId] };
  return own;
}

/** One request per metric of the widget, with the page's filters; "inside" is left out when it makes no sense (spec 001 §4). */
export function retailRequests(widget: Widget, ctx: WidgetContext, opts: { dropInside: boolean }): RetailRequest[] {
  const page = toRetailConditions(ctx.filters, ctx.site, widget.ignoredFilters);
  return widget.metrics
    .filter((m) => !(opts.dropInside && m.type === 'inside'))
    .map((m) => {
      const limited = metricDefinition(m.type)?.limitedRangeDays;
      const request: RetailRequest = {
        installationId: ctx.site.id,
        metric: m.type,
        filters: { operator: 'AND', conditions: [...page, ...(m.filters?.conditions ?? [])] },
      };
      if (m.groupBy) request.groupBy = m.groupBy;
      if (m.granularity) request.granularity = m.granularity;
      if (m.sortBy) request.sortBy = m.sortBy;
      if (m.limit) request.limit = m.limit;
      const target = targetOf(m, widget, ctx);
      if (target) request.target = target;
      if (limited) request.maxRangeDays = limited;
      return request;
    });
}
