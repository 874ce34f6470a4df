import type { ReactNode } from 'react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { canEditDashboard } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { SectionLoader } from '../../../shared/layout/FullPageLoader.tsx';
import { NotFoundContent } from '../../../shared/layout/NotFoundScreen.tsx';
import { PageHeader } from '../../../shared/layout/PageHeader.tsx';
import { useDashboards } from '../hooks/useDashboards.ts';
import { pagePath } from './editorPath.ts';

/**
 * The editor's route shows the editor only to callers the Edit button shows it to (canEditDashboard,
 * as the server's editableDashboard): others opening the URL read why, with a way back to the dashboard.
 * A dashboard the caller does not see stays not found.
 */
export function EditorGuard({ dashboardId, children }: { dashboardId: number; children: ReactNode }) {
  const { t } = useTranslation();
  const { caller, gates } = useCaller();
  const [params] = useSearchParams();
  const { dashboards, error } = useDashboards();
  if (!dashboards && !error) return <SectionLoader />;
  const dashboard = dashboards?.find((d) => d.id === dashboardId && d.kind !== 'static');
  if (dashboard && canEditDashboard(caller, dashboard.kind)) return children;
  if (!dashboard && gates.dashboardEdit) return <NotFoundContent />;

  const pageId = Number(params.get('page'));
  const back = dashboard ? (Number.isInteger(pageId) && pageId > 0 ? pagePath(dashboardId, pageId) : dashboard.url.includes('/page/') ? dashboard.url : null) : null;
  return (
    <Stack gap="md" maw={640}>
      <PageHeader title={t('dashboardEditor.notAllowed.title')} />
      <Alert color="yellow" data-testid="editor-not-allowed">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('dashboardEditor.notAllowed.text')}</Text>
          <Anchor component={Link} to={back ?? '/dashboard'} fw={600}>
            {back ? t('dashboardEditor.notAllowed.back') : t('dashboardEditor.notAllowed.backToList')}
          </Anchor>
        </Stack>
      </Alert>
    </Stack>
  );
}
