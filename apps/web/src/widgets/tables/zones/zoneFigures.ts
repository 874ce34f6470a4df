import { type RetailCondition, toRetailConditions } from '@sitelens/domain';
import { type RetailRequest, withOwnConditions } from '../../core/retailRequests.ts';
import type { PageKind, WidgetContext } from '../../core/widgetContext.ts';
import type { SiteZoneRow as ZoneNode } from '../../../shared/api/siteZones.ts';

/** Zones a widget lists at most: each asks its own figure. */
export const MAX_ZONES = 24;

/** The figure a zones widget shows when it names no metric: the page kind's headline metric. */
export function defaultZoneMetric(pageKind: PageKind): string {
  if (pageKind === 'atmosphere') return 'co2';
  if (pageKind === 'energy') return 'electricityConsumption';
  return 'visitorsIn';
}

/**
 * The zones in hierarchy order (each parent before its children, siblings by name) with their
 * depth; only `only` when the widget names zones, deleted zones left out, at most `limit` kept.
 */
export function orderZones(zones: readonly ZoneNode[], only: readonly number[] = [], limit: number = MAX_ZONES): Array<ZoneNode & { depth: number }> {
  const live = zones.filter((z) => !z.isDeleted && (only.length === 0 || only.includes(z.id)));
  const ids = new Set(live.map((z) => z.id));
  const byName = (a: ZoneNode, b: ZoneNode) => a.name.localeCompare(b.name, undefined, { numeric: true }) || a.id - b.id;
  const children = (parent: number | null) =>
    live.filter((z) => (parent === null ? !z.parentIds.some((p) => ids.has(p)) : z.parentIds.includes(parent))).sort(byName);
  const out: Array<ZoneNode & { depth: number }> = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    for (const zone of children(parent)) {
      if (seen.has(zone.id) || out.length >= limit) continue;
      seen.add(zone.id);
      out.push({ ...zone, depth });
      walk(zone.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** The zone and the zones depending on it, at any depth (the page's zone filter, spec 001 §4); every zone without one. */
export function zonesWithin<T extends Pick<ZoneNode, 'id' | 'parentIds'>>(zones: readonly T[], zoneId: number | null | undefined): T[] {
  if (!zoneId) return [...zones];
  const inside = new Set([zoneId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const z of zones) {
      if (!inside.has(z.id) && z.parentIds.some((p) => inside.has(p))) {
        inside.add(z.id);
        grew = true;
      }
    }
  }
  return zones.filter((z) => inside.has(z.id));
}

/**
 * One request per listed zone: the page's filters (its zone chooses the zones listed, so it is no
 * condition here) with the metric's own gender, engagement or days replacing the page's, as for
 * charts and KPIs (the server takes one breakdown, and days all IS or all IS NOT).
 */
export function zoneRequests(
  zones: ReadonlyArray<{ id: number }>,
  metric: string,
  own: readonly RetailCondition[],
  context: Pick<WidgetContext, 'filters' | 'site'>,
  ignoredFilters: readonly string[],
): RetailRequest[] {
  const conditions = withOwnConditions(toRetailConditions(context.filters, context.site, [...ignoredFilters, 'zone']), own);
  return zones.map((z) => ({ installationId: context.site.id, metric, filters: { operator: 'AND', conditions }, target: { kind: 'zone', ids: [z.id] } }));
}
