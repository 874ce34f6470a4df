import { useMutation } from '@apollo/client';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/errorText.ts';
import { focusWhenLost } from '../../../shared/layout/focusWhenLost.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { DELETE_DASHBOARD } from './manageDocuments.ts';

/** "Delete": asks once, naming the dashboard, then deletes it with its pages; the list no longer shows it, and its heading has the focus. */
export function DeleteDashboardDialog({ dashboard, onClose }: { dashboard: { id: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [remove, { loading, error }] = useMutation(DELETE_DASHBOARD, { refetchQueries: ['AllDashboardsV2'], awaitRefetchQueries: true });
  const onDelete = async () => {
    if (!dashboard) return;
    if ((await remove({ variables: { id: dashboard.id } })).data?.deleteDashboard) {
      showToast(t('dashboardTemplates.deleted', { name: dashboard.name }), 'success');
      onClose();
    }
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={dashboard !== null} onClose={onClose} onExitTransitionEnd={() => focusWhenLost()} title={t('dashboardTemplates.deleteTitle')}>
      <Stack>
        <Text>{t('dashboardTemplates.deleteText', { name: dashboard?.name ?? '' })}</Text>
        {error && <Alert color="red">{errorText(error, t)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('dashboardTemplates.cancel')}
          </Button>
          <Button color="red" onClick={() => void onDelete().catch(() => undefined)} loading={loading} data-testid="dashboard-delete-confirm">
            {t('dashboardTemplates.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
