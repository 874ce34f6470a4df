import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnsavedChangesTexts } from './guardRegistry.ts';

export interface UnsavedChangesModalProps {
  opened: boolean;
  /** With it: save, discard, cancel. Without: the "changes are lost" confirmation (leave, stay). */
  onSave?: () => void;
  saving?: boolean;
  onDiscard: () => void;
  onCancel: () => void;
  /** Texts of the save variant (translation keys) for a guard of its own (the filter bar's). */
  texts?: UnsavedChangesTexts;
}

const SAVE_TEXTS: UnsavedChangesTexts = {
  title: 'common.unsaved.title',
  text: 'common.unsaved.text',
  save: 'common.unsaved.save',
  discard: 'common.unsaved.discard',
  cancel: 'common.unsaved.cancel',
};

/** The leave confirmation's two variants; Escape and the close button stay on the page. */
export function UnsavedChangesModal({ opened, onSave, saving = false, onDiscard, onCancel, texts }: UnsavedChangesModalProps) {
  const { t } = useTranslation();
  const keys = texts ?? SAVE_TEXTS;
  return (
    <Modal opened={opened} onClose={onCancel} title={t(keys.title)} centered size={560} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Text size="sm">{onSave ? t(keys.text) : t('common.unsaved.lostText')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} data-testid="guard-cancel" data-autofocus>
          {onSave ? t(keys.cancel) : t('common.unsaved.stay')}
        </Button>
        <Button variant={onSave ? 'light' : 'filled'} color="red" onClick={onDiscard} disabled={saving} data-testid="guard-discard">
          {onSave ? t(keys.discard) : t('common.unsaved.leave')}
        </Button>
        {onSave && (
          <Button onClick={onSave} loading={saving} data-testid="guard-save">
            {t(keys.save)}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
