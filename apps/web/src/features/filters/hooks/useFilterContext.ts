import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { businessDate, filterContext, type FilterContext, type FilterEvent, type FilterPageKind } from '@sitelens/domain';
import type { WidgetSite } from '../../../widgets/core/widgetContext.ts';
import { TAG_CATEGORIES } from '../../../shared/api/tagCategories.ts';
import { SITE_ZONES, toFilterZones } from '../../../shared/api/siteZones.ts';
import { FILTER_EVENTS, type FilterEventRow } from '../graphql/filterData.ts';

/** Events with their dates as the site's calendar dates, as the event rules expect. */
export function toFilterEvents(rows: readonly FilterEventRow[], timezone: string): FilterEvent[] {
  const day = (iso: string) => businessDate(Date.parse(iso), timezone, '00:00');
  return rows.map((e) => ({ id: e.id, name: e.name, dateBegin: day(e.dateBegin), dateEnd: e.dateEnd ? day(e.dateEnd) : null, neverEnding: e.neverEnding }));
}

/**
 * What the filter rules know of the page: the site's today and minimum date, the default preset,
 * its zones, events and the organization's tag categories. Null while loading; a failed list reads
 * as empty (the bar then offers less, the page still works).
 */
export function useFilterContext(site: WidgetSite, pageKind: FilterPageKind): FilterContext | null {
  const zones = useQuery(SITE_ZONES, { variables: { installationId: site.id } });
  const events = useQuery(FILTER_EVENTS, { variables: { installationId: site.id } });
  // The site's own organization (also on public pages such as the widget builder, with no caller context).
  const organizationId = events.data?.installationById?.organizationId;
  const categories = useQuery(TAG_CATEGORIES, { variables: { id: organizationId ?? 0 }, skip: organizationId == null });
  const loading = (zones.loading && !zones.data) || (events.loading && !events.data) || (categories.loading && !categories.data);
  const zoneRows = zones.data?.zonesByInstallation;
  const eventRows = events.data?.installationById?.events;
  const categoryRows = categories.data?.tagCategoriesByOrganizationId;
  return useMemo(() => {
    if (loading) return null;
    return filterContext(
      Date.now(),
      { timezone: site.timezone, changeOfDayTime: site.changeOfDayTime, openingHours: site.openingHours, creationDate: site.creationDate },
      {
        pageKind,
        zones: toFilterZones(zoneRows ?? []),
        events: toFilterEvents(eventRows ?? [], site.timezone),
        categories: (categoryRows ?? []).filter((c) => c.tags.length > 0),
      },
    );
  }, [loading, site, pageKind, zoneRows, eventRows, categoryRows]);
}
