import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client';
import { Alert, Button, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorCodeOf, errorText } from '../../../../shared/api/errorText.ts';
import { DASHBOARD_VERSIONS, RESTORE_DASHBOARD_VERSION } from './historyDocuments.ts';
import { VersionItem } from './VersionItem.tsx';

export interface HistoryPanelProps {
  dashboardId: number;
  opened: boolean;
  onClose: () => void;
  /** After a restore: the editor loads the dashboard again (the restore is the latest version now). */
  onRestored: () => void;
}

/** The saves of a dashboard, newest first: open one read-only, or restore it as a new version. */
export function HistoryPanel({ dashboardId, opened, onClose, onRestored }: HistoryPanelProps) {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(DASHBOARD_VERSIONS, { variables: { dashboardId }, skip: !opened, fetchPolicy: 'network-only' });
  const [restore, restoring] = useMutation(RESTORE_DASHBOARD_VERSION);
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);
  const versions = data?.dashboardVersions;

  const onRestore = async (number: number) => {
    setNotice(null);
    const latest = versions?.[0]?.number ?? 0;
    try {
      await restore({ variables: { dashboardId, number, baseVersion: latest } });
      setNotice({ color: 'green', text: t('dashboardHistory.restored', { number }) });
      await refetch();
      onRestored();
    } catch (e) {
      const conflict = errorCodeOf(e as never) === 'VERSION_CONFLICT';
      setNotice({ color: conflict ? 'yellow' : 'red', text: conflict ? t('dashboardHistory.conflict') : errorText(e as never, t) });
      if (conflict) await refetch();
    }
  };

  return (
    <Drawer closeButtonProps={{ 'aria-label': t('common.close') }} opened={opened} onClose={onClose} position="right" title={t('dashboardHistory.title')} data-testid="history-panel">
      <Stack gap="sm">
        {notice && (
          <Alert color={notice.color} role="status">
            {notice.text}
          </Alert>
        )}
        {error && !versions && <Alert color="red">{errorText(error, t)}</Alert>}
        {loading && !versions && (
          <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={56} />
            ))}
          </Stack>
        )}
        {versions?.length === 0 && <Text c="dimmed">{t('dashboardHistory.empty')}</Text>}
        {versions?.map((v, i) => (
          <VersionItem key={v.number} version={v} latest={i === 0}>
            <Group gap="xs">
              <Button size="xs" variant="default" component={Link} to={`/dashboard/${dashboardId}/version/${v.number}`}>
                {t('dashboardHistory.open')}
              </Button>
              {i > 0 && (
                <Button size="xs" variant="light" loading={restoring.loading} onClick={() => void onRestore(v.number)}>
                  {t('dashboardHistory.restore')}
                </Button>
              )}
            </Group>
          </VersionItem>
        ))}
      </Stack>
    </Drawer>
  );
}
