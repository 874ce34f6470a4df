import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@sitelens/domain';
import { useCaller } from '../../../../shared/caller/CallerProvider.tsx';
import { userDateFormat, userTimeZone } from '../../../../shared/caller/userDateFormat.ts';
import type { VersionRow } from './historyDocuments.ts';
import { versionSummaryText } from './versionSummaryText.ts';

/** One save in the history: its number, author, time in the user's format, and what it changed. */
export function VersionItem({ version, latest, children }: { version: VersionRow; latest: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const { me } = useCaller();
  const when = formatDate(Date.parse(version.createdAt), { format: userDateFormat(me.dateFormat), tz: userTimeZone(me.timezone), withTime: true });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="history-version" data-number={version.number}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{t('dashboardHistory.version', { number: version.number })}</Text>
          {latest && <Badge variant="light">{t('dashboardHistory.latest')}</Badge>}
        </Group>
        <Text size="sm">{versionSummaryText(version.summary, version.restoredFrom, t)}</Text>
        <Text size="xs" c="dimmed">
          {version.authorName ?? t('dashboardHistory.deletedUser')} · {when}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
