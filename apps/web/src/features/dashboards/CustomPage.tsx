import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PinButton } from '../pins/PinButton.tsx';
import { ShareButton } from '../shortlinks/ShareButton.tsx';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { NotFoundContent } from '../../shared/layout/NotFoundScreen.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { PageTabs } from './components/PageTabs.tsx';
import type { PageData } from './graphql/toPage.ts';
import { useCustomPage } from './hooks/useCustomPage.ts';
import { useDashboards } from './hooks/useDashboards.ts';
import { useWidgetSite, type WidgetSiteState } from './useWidgetSite.ts';
import { WidgetPageBody } from './WidgetPageBody.tsx';
import { EditButton } from './editor/EditButton.tsx';

/** A zone filter must name zones, and every one must exist on the site (spec 001 §2). */
function zoneFilterBroken(page: PageData, site: WidgetSiteState): boolean {
  const filter = page.widgetGlobalFilters.find((f) => f.type === 'zone');
  if (!filter) return false;
  const ids = filter.zoneIds ?? [];
  if (ids.length === 0) return true;
  if (site.status !== 'ready') return false;
  const live = new Set(site.zones.filter((z) => !z.isDeleted).map((z) => z.id));
  return ids.some((id) => !live.has(id));
}

/** /dashboard/{dashboardId}/page/{pageId}: a stored page of widgets, with its page tabs; no export here. */
export default function CustomPage() {
  const { t } = useTranslation();
  const { organization } = useCaller();
  const state = useCustomPage();
  const site = useWidgetSite(state.status === 'ready' ? state.page.installationId : undefined);
  const { dashboards } = useDashboards();
  if (state.status === 'loading' || (state.status === 'ready' && site.status === 'loading')) return <SectionLoader />;
  if (state.status === 'notFound' || site.status !== 'ready' || zoneFilterBroken(state.page, site)) return <NotFoundContent />;

  const { page, pages, dashboardId } = state;
  const dashboard = dashboards?.find((d) => d.id === dashboardId && d.kind !== 'static');
  return (
    <>
      <PageHeader
        title={page.name}
        description={dashboard?.name}
        actions={
          <Group gap="xs">
            <EditButton dashboardId={dashboardId} pageId={page.id} kind={dashboard?.kind} />
            <PinButton title={page.name} />
            <ShareButton title={page.name} />
          </Group>
        }
      />
      <PageTabs pages={pages} current={page.id} dashboardId={dashboardId} label={t('dashboards.customPage.pages')}>
        <WidgetPageBody
          key={page.id}
          widgets={page.widgets}
          site={site.site}
          presets={page.widgetGlobalFilters}
          pageKind="custom"
          dashboardId={dashboardId}
          pageId={page.id}
          migrationDeadline={organization?.migrationDeadline}
        />
      </PageTabs>
    </>
  );
}
