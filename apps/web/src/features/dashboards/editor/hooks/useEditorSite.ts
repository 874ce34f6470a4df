import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { useSearchParams } from 'react-router';
import { useCaller } from '../../../../shared/caller/CallerProvider.tsx';
import { PAGES_BY_DASHBOARD } from '../../graphql/dashboards.ts';
import { useWidgetSite, type WidgetSiteState } from '../../useWidgetSite.ts';
import { ZONES_OF_SITE } from '../graphql/dashboardEditor.ts';
import { siteTop } from './siteTop.ts';

export interface EditorSite {
  site: WidgetSiteState;
  /** The site's live zones, with names, for the zone filter. */
  zones: { id: number; name: string }[];
  topZoneId: number | null;
  /** The top zone's live children (a centre's floors): what a new pie, radar or progress bars compare. */
  childZoneIds: readonly number[];
  /** The site's families (counting, atmosphere, energy, sales): what a new widget measures. */
  families: readonly string[];
  /** The stored page's site, else the dashboard's first page's (a new page reads it too), else the one chosen when the dashboard was made. */
  installationId: number | null;
}

const NO_FAMILIES: readonly string[] = [];

/** The site the editor's page reads, as the custom page finds it (the server's pageSite). */
export function useEditorSite(dashboardId: number, pageId: number | undefined): EditorSite {
  const pages = useQuery(PAGES_BY_DASHBOARD, { variables: { dashboardId } });
  const rows = pages.data?.pagesByDashboardId ?? [];
  const { installations } = useCaller();
  const [search] = useSearchParams();
  // A dashboard with no stored page yet (made empty): the site chosen when it was made (kept with the
  // dashboard, so the server's pageSite gives it to a page that names no zone), else the organization's first.
  const chosen = Number(search.get('site'));
  const fallback = installations?.find((i) => i.id === chosen)?.id ?? installations?.[0]?.id ?? null;
  const installationId = rows.find((p) => p.id === pageId)?.installationId ?? rows.find((p) => p.installationId)?.installationId ?? (pages.loading ? null : fallback);
  const site = useWidgetSite(pages.loading ? undefined : installationId);
  const zonesQuery = useQuery(ZONES_OF_SITE, { variables: { installationId: installationId ?? 0 }, skip: !installationId });
  return useMemo(() => {
    const live = (zonesQuery.data?.zonesByInstallation ?? []).filter((z) => !z.isDeleted);
    return {
      site: pages.loading ? { status: 'loading' } : site,
      zones: live.map(({ id, name }) => ({ id, name })),
      ...siteTop(live),
      families: installations?.find((i) => i.id === installationId)?.families ?? NO_FAMILIES,
      installationId,
    };
  }, [zonesQuery.data, installations, installationId, pages.loading, site]);
}
