import { useQuery } from '@apollo/client';
import { Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MY_EXPORTS } from '../graphql/exports.ts';

const POLL_MS = 2000;
const COLORS = { QUEUED: 'gray', RUNNING: 'blue', SENT: 'green', FAILED: 'red' } as const;

/** The caller's latest exports with their progress, refreshed while one is being generated. */
export function RecentExports({ refreshKey }: { refreshKey: number }) {
  const { t, i18n } = useTranslation();
  const { data, refetch, startPolling, stopPolling } = useQuery(MY_EXPORTS, { fetchPolicy: 'cache-and-network' });
  const exports = data?.myExports ?? [];
  const working = exports.some((e) => e.status === 'QUEUED' || e.status === 'RUNNING');
  useEffect(() => {
    if (refreshKey > 0) void refetch();
  }, [refreshKey, refetch]);
  useEffect(() => {
    if (working) startPolling(POLL_MS);
    else stopPolling();
    return () => stopPolling();
  }, [working, startPolling, stopPolling]);
  if (exports.length === 0) return null;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Paper withBorder radius="md" p="lg" mt="lg" component="section" aria-labelledby="recent-exports-title" data-testid="recent-exports">
      <Title order={2} size="h4" id="recent-exports-title" mb="sm">
        {t('exports.recent.title')}
      </Title>
      <Stack gap="sm">
        {exports.map((e) => {
          const share = e.status === 'SENT' ? 100 : e.rowsTotal > 0 ? Math.min(100, (e.rowsDone / e.rowsTotal) * 100) : 0;
          return (
            <Stack gap={4} key={e.id} data-testid="recent-export" data-status={e.status}>
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  {e.siteName}
                </Text>
                <Badge color={COLORS[e.status]} variant="light">
                  {t(`exports.recent.${e.status.toLowerCase()}`)}
                </Badge>
              </Group>
              <Progress value={share} animated={e.status === 'RUNNING'} aria-label={t('exports.recent.rows', { done: number.format(e.rowsDone), total: number.format(e.rowsTotal) })} />
              <Text size="xs" c="dimmed">
                {t('exports.recent.rows', { done: number.format(e.rowsDone), total: number.format(e.rowsTotal) })}
              </Text>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
