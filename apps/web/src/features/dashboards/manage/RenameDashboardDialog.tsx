import { useState } from 'react';
import { useMutation } from '@apollo/client';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/errorText.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { RENAME_DASHBOARD } from './manageDocuments.ts';

/** "Rename": the dashboard's new name, saved at once; the list shows it. */
export function RenameDashboardDialog({ dashboard, onClose }: { dashboard: { id: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(dashboard?.name ?? '');
  const [rename, { loading, error }] = useMutation(RENAME_DASHBOARD, { refetchQueries: ['AllDashboardsV2'], awaitRefetchQueries: true });
  const onSave = async () => {
    if (!dashboard) return;
    if ((await rename({ variables: { id: dashboard.id, name: name.trim() } })).data?.renameDashboard) {
      showToast(t('dashboardTemplates.renamed'), 'success');
      onClose();
    }
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={dashboard !== null} onClose={onClose} title={t('dashboardTemplates.renameTitle')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void onSave().catch(() => undefined);
        }}
      >
        <Stack>
          <TextInput label={t('dashboardTemplates.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={100} data-autofocus />
          {error && <Alert color="red">{errorText(error, t)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dashboardTemplates.cancel')}
            </Button>
            <Button type="submit" disabled={!name.trim() || name.trim() === dashboard?.name} loading={loading}>
              {t('dashboardTemplates.rename')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
