import { useMutation, useQuery } from '@apollo/client';
import { Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@sitelens/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { userDateFormat, userTimeZone } from '../../../shared/caller/userDateFormat.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { MY_EXPORTS, REVOKE_EXPORT_LINKS, type RecentExport } from '../graphql/exports.ts';
import { RevokeLinksModal } from './RevokeLinksModal.tsx';
import { exportDataTypeLabel, exportGranularityLabel, exportPeriodText } from './exportLabels.ts';

const POLL_MS = 2000;
const COLORS = { QUEUED: 'gray', RUNNING: 'blue', SENT: 'green', FAILED: 'red' } as const;

/**
 * The caller's latest exports (asked for, or received as a download link): what each holds (site,
 * period as business days, data, granularity, format), when it was asked, its progress with the
 * rows expected (an estimate, said so) until it is sent and then the rows written, and the
 * download links the caller may revoke. Refreshed while one is being generated.
 */
export function RecentExports({ refreshKey }: { refreshKey: number }) {
  const { t } = useTranslation();
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
  return (
    <Paper withBorder radius="md" p="lg" mt="lg" component="section" aria-labelledby="recent-exports-title" data-testid="recent-exports">
      <Title order={2} size="h4" id="recent-exports-title" mb="sm">
        {t('exports.recent.title')}
      </Title>
      <Stack gap="md">
        {exports.map((e) => (
          <RecentExportItem key={e.id} item={e} onRevoked={() => void refetch()} />
        ))}
      </Stack>
    </Paper>
  );
}

function RecentExportItem({ item: e, onRevoked }: { item: RecentExport; onRevoked(): void }) {
  const { t, i18n } = useTranslation();
  const { me } = useCaller();
  const [confirming, setConfirming] = useState(false);
  const [revoke, revoking] = useMutation(REVOKE_EXPORT_LINKS);
  const format = userDateFormat(me.dateFormat);
  const tz = userTimeZone(me.timezone);
  const number = new Intl.NumberFormat(i18n.language);
  const sent = e.status === 'SENT';
  const share = sent ? 100 : e.rowsTotal > 0 ? Math.min(100, (e.rowsDone / e.rowsTotal) * 100) : 0;
  // Until the file is written the total is what the period should hold; once sent, what was written.
  const rows = sent
    ? t('exports.recent.rows', { count: e.rowsTotal, rows: number.format(e.rowsTotal) })
    : t('exports.recent.progress', { count: e.rowsTotal, done: number.format(e.rowsDone), total: number.format(e.rowsTotal) });
  const asked = Date.parse(e.createdAt);
  const period = exportPeriodText(t, e, format);
  const what = [e.dataType ? exportDataTypeLabel(t, e.dataType) : null, e.granularity ? exportGranularityLabel(t, e.granularity) : null, e.format ? t(e.format === 'CSV' ? 'exports.form.csv' : 'exports.form.xlsx') : null].filter(Boolean);
  const confirmRevoke = async () => {
    try {
      await revoke({ variables: { requestId: e.id } });
      showToast(t('exports.recent.revoked'), 'success');
      onRevoked();
    } catch {
      showToast(t('exports.recent.revokeError'), 'error');
    }
    setConfirming(false);
  };
  return (
    <Stack gap={4} data-testid="recent-export" data-status={e.status}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {e.siteName}
            {period && (
              <Text span size="sm" fw={400} data-testid="recent-export-period">
                {' · '}
                <bdi>{period}</bdi>
              </Text>
            )}
          </Text>
          {what.length > 0 && (
            <Text size="xs" c="dimmed" data-testid="recent-export-what">
              {what.join(' · ')}
            </Text>
          )}
          <Text size="xs" c="dimmed" data-testid="recent-export-asked">
            {t('exports.recent.asked', { date: formatDate(asked, { format, tz }), time: formatDate(asked, { format, tz, withTime: true }).slice(-5) })}
            {!e.requestedByMe && e.requestedBy && ` · ${t('exports.recent.receivedFrom', { name: e.requestedBy })}`}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {e.myLink && (
            <Badge color={e.myLink === 'AVAILABLE' ? 'teal' : 'gray'} variant="outline" data-testid="recent-export-link">
              {t(e.myLink === 'AVAILABLE' ? 'exports.recent.linkActive' : 'exports.recent.linkRevoked')}
            </Badge>
          )}
          <Badge color={COLORS[e.status]} variant="light">
            {t(`exports.recent.${e.status.toLowerCase()}`)}
          </Badge>
        </Group>
      </Group>
      <Progress value={share} animated={e.status === 'RUNNING'} aria-label={rows} />
      <Group justify="space-between">
        <Text size="xs" c="dimmed" data-testid="recent-export-rows">
          {rows}
        </Text>
        <Group gap="xs">
          {e.myLink === 'AVAILABLE' && (
            // The caller's own link, checked on the server as its e-mailed token is (the token never reaches the page).
            <Button component="a" href={`/api/exports/mine/${e.id}`} download size="compact-xs" variant="light" data-testid="recent-export-download">
              {t('exports.recent.download')}
            </Button>
          )}
          {e.liveLinks > 0 && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(true)} data-testid="recent-export-revoke">
              {e.requestedByMe ? t('exports.recent.revokeAll', { count: e.liveLinks }) : t('exports.recent.revokeMine')}
            </Button>
          )}
        </Group>
      </Group>
      <RevokeLinksModal opened={confirming} busy={revoking.loading} onConfirm={() => void confirmRevoke()} onClose={() => setConfirming(false)} testId="recent-export-revoke-confirm" />
    </Stack>
  );
}
