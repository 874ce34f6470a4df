import { useState } from 'react';
import { Alert, Button, Center, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileImport, IconLayoutDashboard, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/errorText.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { DashboardTable } from './components/DashboardTable.tsx';
import { HistoryPanel } from './editor/history/HistoryPanel.tsx';
import type { DashboardRow } from './graphql/dashboards.ts';
import { useDashboards } from './hooks/useDashboards.ts';
import { DuplicateDashboardDialog } from './templates/DuplicateDashboardDialog.tsx';
import { DeleteDashboardDialog } from './manage/DeleteDashboardDialog.tsx';
import { RenameDashboardDialog } from './manage/RenameDashboardDialog.tsx';
import { NewDashboardDialog } from './templates/NewDashboardDialog.tsx';
import { ImportDashboardDialog } from './transfer/ImportDashboardDialog.tsx';

/** /dashboard and /analytics/dashboard: counting, atmosphere and energy sites, custom, then marketplace dashboards. */
export default function DashboardsPage() {
  const { t } = useTranslation();
  const { dashboards, error } = useDashboards();
  const { gates } = useCaller();
  const [dialog, setDialog] = useState<'new' | 'import' | null>(null);
  const [copying, setCopying] = useState<DashboardRow | null>(null);
  const [history, setHistory] = useState<DashboardRow | null>(null);
  const [renaming, setRenaming] = useState<DashboardRow | null>(null);
  const [deleting, setDeleting] = useState<DashboardRow | null>(null);
  const canCreate = gates.dashboardEdit;
  return (
    <>
      <PageHeader
        title={t('dashboards.title')}
        description={dashboards ? <span data-testid="dashboards-count">{t('dashboards.list.count', { count: dashboards.length })}</span> : undefined}
        actions={
          canCreate && (
            <Group gap="xs">
              <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden="true" />} onClick={() => setDialog('import')}>
                {t('dashboardTransfer.importButton')}
              </Button>
              <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setDialog('new')}>
                {t('dashboardTemplates.newButton')}
              </Button>
            </Group>
          )
        }
      />
      {dialog === 'new' && <NewDashboardDialog opened onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportDashboardDialog opened onClose={() => setDialog(null)} />}
      <DuplicateDashboardDialog key={copying?.id ?? 0} dashboard={copying} onClose={() => setCopying(null)} />
      <RenameDashboardDialog key={`rename-${renaming?.id ?? 0}`} dashboard={renaming} onClose={() => setRenaming(null)} />
      <DeleteDashboardDialog dashboard={deleting} onClose={() => setDeleting(null)} />
      {history && <HistoryPanel dashboardId={history.id} opened onClose={() => setHistory(null)} onRestored={() => undefined} />}
      <Paper withBorder radius="md" p="md">
        {!dashboards && error && <Alert color="red">{errorText(error, t)}</Alert>}
        {!dashboards && !error && (
          <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        )}
        {dashboards?.length === 0 && (
          <Center mih={200}>
            <Stack align="center" gap="xs">
              <ThemeIcon size={48} radius="xl" variant="light" color="gray">
                <IconLayoutDashboard size={26} aria-hidden="true" />
              </ThemeIcon>
              <Text c="dimmed">{t('dashboards.list.empty')}</Text>
            </Stack>
          </Center>
        )}
        {dashboards && dashboards.length > 0 && <DashboardTable dashboards={dashboards} onDuplicate={canCreate ? setCopying : undefined} onRename={setRenaming} onDelete={setDeleting} onHistory={canCreate ? setHistory : undefined} />}
      </Paper>
    </>
  );
}
