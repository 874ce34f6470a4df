import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Removing a page asks first: its widgets go with it (until undo, or leaving without saving). */
export function RemovePageDialog({ opened, name, onCancel, onConfirm }: { opened: boolean; name: string; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={opened} onClose={onCancel} title={t('dashboardEditor.pages.removeTitle')} centered>
      <Text size="sm">{t('dashboardEditor.pages.removeText', { name })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('dashboardEditor.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm}>
          {t('dashboardEditor.pages.remove')}
        </Button>
      </Group>
    </Modal>
  );
}
