import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client';
import { Alert, Button, Group, Paper, Tabs, Text } from '@mantine/core';
import { canEditDashboard } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorCodeOf, errorText } from '../../../../shared/api/errorText.ts';
import { useCaller } from '../../../../shared/caller/CallerProvider.tsx';
import { SectionLoader } from '../../../../shared/layout/FullPageLoader.tsx';
import { NotFoundContent } from '../../../../shared/layout/NotFoundScreen.tsx';
import { PageHeader } from '../../../../shared/layout/PageHeader.tsx';
import { PAGES_BY_DASHBOARD } from '../../graphql/dashboards.ts';
import { useDashboards } from '../../hooks/useDashboards.ts';
import { useWidgetSite } from '../../useWidgetSite.ts';
import { WidgetPageBody } from '../../WidgetPageBody.tsx';
import type { DashboardModel } from '../model/dashboardModel.ts';
import { DASHBOARD_VERSIONS, DASHBOARD_VERSION_MODEL, RESTORE_DASHBOARD_VERSION } from './historyDocuments.ts';
import { versionPages } from './versionPages.ts';

/**
 * /dashboard/:dashboardId/version/:number: one saved version, read-only. Reading it needs what reading
 * the dashboard needs (the server's dashboardVersionModel); Restore is offered to those who may edit it.
 */
export default function VersionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { installations, caller } = useCaller();
  const dashboardId = Number(useParams().dashboardId);
  const number = Number(useParams().number);
  const variables = { dashboardId, number };
  const model = useQuery(DASHBOARD_VERSION_MODEL, { variables, skip: !(dashboardId > 0 && number > 0) });
  const versions = useQuery(DASHBOARD_VERSIONS, { variables: { dashboardId }, skip: !(dashboardId > 0), fetchPolicy: 'network-only' });
  const stored = useQuery(PAGES_BY_DASHBOARD, { variables: { dashboardId }, skip: !(dashboardId > 0) });
  const site = useWidgetSite(stored.data?.pagesByDashboardId[0]?.installationId ?? installations?.[0]?.id);
  const { dashboards } = useDashboards();
  const kind = dashboards?.find((d) => d.id === dashboardId && d.kind !== 'static')?.kind;
  const canRestore = kind !== undefined && canEditDashboard(caller, kind);
  const [restore, restoring] = useMutation(RESTORE_DASHBOARD_VERSION);
  const [problem, setProblem] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>(null);

  if (model.loading || stored.loading || site.status === 'loading') return <SectionLoader />;
  const version = model.data?.dashboardVersionModel as DashboardModel | undefined;
  if (!version || site.status !== 'ready') return <NotFoundContent />;
  const pages = versionPages(version);
  // A dashboard imported blank keeps a first version with no page.
  const current = pages.find((p) => p.key === tab) ?? pages[0];

  const onRestore = async () => {
    setProblem(null);
    try {
      await restore({ variables: { ...variables, baseVersion: versions.data?.dashboardVersions[0]?.number ?? 0 } });
      const first = stored.data?.pagesByDashboardId[0]?.id;
      await navigate(first ? `/dashboard/${dashboardId}/page/${first}` : '/dashboard');
    } catch (e) {
      if (errorCodeOf(e as never) === 'VERSION_CONFLICT') await versions.refetch();
      setProblem(errorCodeOf(e as never) === 'VERSION_CONFLICT' ? t('dashboardHistory.conflict') : errorText(e as never, t));
    }
  };

  return (
    <>
      <PageHeader title={version.name} description={t('dashboardHistory.readOnly', { number, name: version.name })} />
      <Alert color="blue" mb="md" data-testid="version-banner">
        <Group justify="space-between">
          <span>{t('dashboardHistory.readOnly', { number, name: version.name })}</span>
          {canRestore && (
            <Button size="xs" loading={restoring.loading} onClick={() => void onRestore()}>
              {t('dashboardHistory.restore')}
            </Button>
          )}
        </Group>
      </Alert>
      {problem && (
        <Alert color="yellow" mb="md" role="status">
          {problem}
        </Alert>
      )}
      {current && pages.length > 1 && (
        <Tabs value={current.key} onChange={setTab} mb="md">
          <Tabs.List>
            {pages.map((p) => (
              <Tabs.Tab key={p.key} value={p.key}>
                {p.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      {current ? (
        <WidgetPageBody key={current.key} widgets={current.widgets} site={site.site} presets={current.filters} pageKind="custom" dashboardId={dashboardId} preview />
      ) : (
        <Paper withBorder p="xl" radius="md" data-testid="version-no-page">
          <Text ta="center">{t('dashboardHistory.noPage')}</Text>
        </Paper>
      )}
    </>
  );
}
