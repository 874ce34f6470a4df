import { Alert, Center, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/errorText.ts';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { DashboardTable } from './components/DashboardTable.tsx';
import { useDashboards } from './hooks/useDashboards.ts';

/** /dashboard and /analytics/dashboard: counting, atmosphere and energy sites, custom, then marketplace dashboards. */
export default function DashboardsPage() {
  const { t } = useTranslation();
  const { dashboards, error } = useDashboards();
  return (
    <>
      <PageHeader
        title={t('dashboards.title')}
        description={dashboards ? <span data-testid="dashboards-count">{t('dashboards.list.count', { count: dashboards.length })}</span> : undefined}
      />
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
        {dashboards && dashboards.length > 0 && <DashboardTable dashboards={dashboards} />}
      </Paper>
    </>
  );
}
