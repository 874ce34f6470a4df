import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { useCaller } from '../../../../shared/caller/CallerProvider.tsx';
import { PAGES_BY_DASHBOARD } from '../../graphql/dashboards.ts';
import { useWidgetSite, type WidgetSiteState } from '../../useWidgetSite.ts';
import { ZONES_OF_SITE } from '../graphql/dashboardEditor.ts';
import { metricsOfFamilies } from '../model/defaultWidget.ts';

export interface EditorSite {
  site: WidgetSiteState;
  /** The site's live zones, with names, for the zone filter. */
  zones: { id: number; name: string }[];
  topZoneId: number | null;
  /** Metrics the site measures, for new widgets. */
  siteMetrics: string[];
  /** The stored page's site, else the dashboard's first page's (a new page reads it too). */
  installationId: number | null;
}

/** The site the editor's page reads, as the custom page finds it (the server's pageSite). */
export function useEditorSite(dashboardId: number, pageId: number | undefined): EditorSite {
  const pages = useQuery(PAGES_BY_DASHBOARD, { variables: { dashboardId } });
  const rows = pages.data?.pagesByDashboardId ?? [];
  const installationId = rows.find((p) => p.id === pageId)?.installationId ?? rows.find((p) => p.installationId)?.installationId ?? null;
  const site = useWidgetSite(pages.loading ? undefined : installationId);
  const zonesQuery = useQuery(ZONES_OF_SITE, { variables: { installationId: installationId ?? 0 }, skip: !installationId });
  const { installations } = useCaller();
  return useMemo(() => {
    const live = (zonesQuery.data?.zonesByInstallation ?? []).filter((z) => !z.isDeleted);
    const families = installations?.find((i) => i.id === installationId)?.families ?? [];
    return {
      site: pages.loading ? { status: 'loading' } : site,
      zones: live.map(({ id, name }) => ({ id, name })),
      topZoneId: live.find((z) => z.parentIds.length === 0)?.id ?? null,
      siteMetrics: metricsOfFamilies(families),
      installationId,
    };
  }, [zonesQuery.data, installations, installationId, pages.loading, site]);
}
