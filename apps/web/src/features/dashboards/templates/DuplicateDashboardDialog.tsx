import { useState } from 'react';
import { useMutation } from '@apollo/client';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../shared/api/errorText.ts';
import { DUPLICATE_DASHBOARD } from './templateDocuments.ts';

/** "Duplicate": a copy of the dashboard, in its organization, as the caller's own; opens it. */
export function DuplicateDashboardDialog({ dashboard, onClose }: { dashboard: { id: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [duplicate, { loading, error }] = useMutation(DUPLICATE_DASHBOARD);
  const value = name || (dashboard ? t('dashboardTemplates.copyOf', { name: dashboard.name }) : '');
  const onCopy = async () => {
    if (!dashboard) return;
    const r = (await duplicate({ variables: { dashboardId: dashboard.id, name: value } })).data?.duplicateDashboard;
    if (r) await navigate(r.url);
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={dashboard !== null} onClose={onClose} title={t('dashboardTemplates.duplicateTitle')}>
      <Stack>
        <TextInput label={t('dashboardTemplates.name')} value={value} onChange={(e) => setName(e.currentTarget.value)} required maxLength={100} data-autofocus />
        {error && <Alert color="red">{errorText(error, t)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dashboardTemplates.cancel')}
          </Button>
          <Button onClick={() => void onCopy().catch(() => undefined)} disabled={!value.trim()} loading={loading}>
            {t('dashboardTemplates.duplicate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
