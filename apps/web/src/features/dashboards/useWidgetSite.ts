import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import type { WidgetSite } from '../../widgets/core/widgetContext.ts';
import { SITE_FOR_WIDGETS, type SiteForWidgets } from './graphql/dashboards.ts';

export type WidgetSiteState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'ready'; site: WidgetSite; zones: SiteForWidgets['zones'] };

/** The site a page's widgets read (time zone, opening hours, change of day, zones); refusals read as not found. */
export function useWidgetSite(installationId: number | null | undefined): WidgetSiteState {
  const valid = typeof installationId === 'number' && Number.isInteger(installationId) && installationId > 0;
  const { data, loading, error } = useQuery(SITE_FOR_WIDGETS, { variables: { installationId: installationId ?? 0 }, skip: !valid });
  const row = data?.installationById;
  return useMemo<WidgetSiteState>(() => {
    if (row) {
      const site: WidgetSite = {
        id: row.id,
        name: row.name,
        timezone: row.timezone,
        changeOfDayTime: row.change_of_day_time,
        openingHours: row.opening_hours.map(({ __typename: _, ...w }) => w),
        creationDate: row.creationDate,
      };
      return { status: 'ready', site, zones: row.zones };
    }
    if (valid && loading && !error) return { status: 'loading' };
    return { status: 'notFound' };
  }, [row, valid, loading, error]);
}
