import { useQuery } from '@apollo/client';
import { Text } from '@mantine/core';
import { canEditDashboard } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { NotFoundContent } from '../../shared/layout/NotFoundScreen.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { editorPath, pagePath } from './editor/editorPath.ts';
import { PAGES_BY_DASHBOARD } from './graphql/dashboards.ts';
import { useDashboards } from './hooks/useDashboards.ts';

/**
 * /dashboard/{id}, the address of a dashboard without a page named: its first page; a dashboard
 * with no page yet (made empty) opens in the editor for who may change it, and says so to others.
 */
export default function DashboardHome() {
  const { t } = useTranslation();
  const { caller } = useCaller();
  const dashboardId = Number(useParams().dashboardId);
  const pages = useQuery(PAGES_BY_DASHBOARD, { variables: { dashboardId }, skip: !Number.isSafeInteger(dashboardId) });
  const { dashboards } = useDashboards();
  if (!Number.isSafeInteger(dashboardId) || pages.error) return <NotFoundContent />;
  if (pages.loading || !pages.data || !dashboards) return <SectionLoader />;
  const first = pages.data.pagesByDashboardId[0];
  if (first) return <Navigate replace to={pagePath(dashboardId, first.id)} />;
  const dashboard = dashboards.find((d) => d.id === dashboardId);
  if (!dashboard) return <NotFoundContent />;
  if (canEditDashboard(caller, dashboard.kind)) return <Navigate replace to={editorPath(dashboardId)} />;
  return (
    <>
      <PageHeader title={dashboard.name} />
      <Text c="dimmed" data-testid="dashboard-no-pages">
        {t('dashboards.noPagesYet')}
      </Text>
    </>
  );
}
