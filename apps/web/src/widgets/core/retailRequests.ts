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

/** The target a metric reads: its own, else the widget's ids; none leaves the site's top zone. */
function targetOf(metric: WidgetMetric, widget: Widget): WidgetMetric['target'] {
  if (metric.target) return metric.target;
  return widget.zoneIds.length
    ? { kind: 'zone', ids: widget.zoneIds }
    : widget.passageIds.length
      ? { kind: 'passage', ids: widget.passageIds }
      : widget.deviceIds.length
        ? { kind: 'device', ids: widget.deviceIds }
        : undefined;
}

/** A "specific" widget shows its own zones, passages or devices whatever zone the page selects. */
const ownsItsTargets = (widget: Widget) => widget.category === 'specific' && widget.zoneIds.length + widget.passageIds.length + widget.deviceIds.length > 0;

/** Page conditions a metric's own condition of a type replaces (the server takes one breakdown, and days all IS or all IS NOT). */
const REPLACED_BY_OWN: Readonly<Record<string, readonly string[]>> = {
  gender: ['gender', 'engagement'],
  engagement: ['gender', 'engagement'],
  day: ['day'],
};

/** The page's conditions and a metric's own: the metric's own gender, engagement or days win over the page's. */
export function withOwnConditions<C extends { type: string }>(page: readonly C[], own: readonly C[]): C[] {
  const replaced = new Set(own.flatMap((c) => REPLACED_BY_OWN[c.type] ?? []));
  return [...page.filter((c) => !replaced.has(c.type)), ...own];
}

/**
 * One request per metric of the widget, with the page's filters; the page's zone goes as a `zone`
 * condition that narrows the metric's targets to that zone and its dependents on the server.
 * "inside" is left out when it makes no sense (spec 001 §4).
 */
export function retailRequests(widget: Widget, ctx: WidgetContext, opts: { dropInside: boolean }): RetailRequest[] {
  const ignored = ownsItsTargets(widget) ? [...widget.ignoredFilters, 'zone'] : widget.ignoredFilters;
  const page = toRetailConditions(ctx.filters, ctx.site, ignored);
  return widget.metrics
    .filter((m) => !(opts.dropInside && m.type === 'inside'))
    .map((m) => {
      const limited = metricDefinition(m.type)?.limitedRangeDays;
      const request: RetailRequest = {
        installationId: ctx.site.id,
        metric: m.type,
        filters: { operator: 'AND', conditions: withOwnConditions(page, m.filters?.conditions ?? []) },
      };
      if (m.groupBy) request.groupBy = m.groupBy;
      if (m.granularity) request.granularity = m.granularity;
      if (m.sortBy) request.sortBy = m.sortBy;
      if (m.limit) request.limit = m.limit;
      const target = targetOf(m, widget);
      if (target) request.target = target;
      if (limited) request.maxRangeDays = limited;
      return request;
    });
}
