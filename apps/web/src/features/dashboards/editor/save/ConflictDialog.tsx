import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface Conflict {
  savedBy: string | null;
  savedAt: string | null;
}

/** Someone saved the dashboard since it was opened: reload their version, or save this draft as a copy. Never overwrite. */
export function ConflictDialog({ conflict, busy, onReload, onCopy, onClose }: { conflict: Conflict | null; busy: boolean; onReload: () => void; onCopy: () => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const when = conflict?.savedAt ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(conflict.savedAt)) : '';
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={conflict !== null} onClose={onClose} title={t('dashboardEditor.conflict.title')} centered>
      <Stack gap="sm">
        <Text size="sm">{conflict?.savedBy ? t('dashboardEditor.conflict.savedBy', { name: conflict.savedBy, when }) : t('dashboardEditor.conflict.savedBySomeone', { when })}</Text>
        <Text size="sm">{t('dashboardEditor.conflict.choice')}</Text>
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onReload} disabled={busy}>
          {t('dashboardEditor.conflict.reload')}
        </Button>
        <Button onClick={onCopy} loading={busy}>
          {t('dashboardEditor.conflict.copy')}
        </Button>
      </Group>
    </Modal>
  );
}
