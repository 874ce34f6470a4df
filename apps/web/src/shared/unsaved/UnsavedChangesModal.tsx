import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface UnsavedChangesModalProps {
  opened: boolean;
  /** With it: save, discard, cancel. Without: the "changes are lost" confirmation (leave, stay). */
  onSave?: () => void;
  saving?: boolean;
  onDiscard: () => void;
  onCancel: () => void;
}

/** The leave confirmation's two variants; Escape and the close button stay on the page. */
export function UnsavedChangesModal({ opened, onSave, saving = false, onDiscard, onCancel }: UnsavedChangesModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('common.unsaved.title')} centered size={560} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Text size="sm">{onSave ? t('common.unsaved.text') : t('common.unsaved.lostText')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} data-testid="guard-cancel" data-autofocus>
          {onSave ? t('common.unsaved.cancel') : t('common.unsaved.stay')}
        </Button>
        <Button variant={onSave ? 'light' : 'filled'} color="red" onClick={onDiscard} disabled={saving} data-testid="guard-discard">
          {onSave ? t('common.unsaved.discard') : t('common.unsaved.leave')}
        </Button>
        {onSave && (
          <Button onClick={onSave} loading={saving} data-testid="guard-save">
            {t('common.unsaved.save')}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
