import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { focusWhenLost } from '../layout/focusWhenLost.ts';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  text: string;
  confirm: string;
  /** The Cancel button's label. */
  cancel: string;
  busy?: boolean;
  /** data-testid of the confirming button. */
  testId: string;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before a change that cannot be undone; Cancel has the focus, and once closed the page's heading if what opened it is gone. */
export function ConfirmModal({ opened, title, text, confirm, cancel, busy, testId, onConfirm, onClose }: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} onExitTransitionEnd={() => focusWhenLost()} title={title} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="lg" gap="xs">
        <Button variant="default" onClick={onClose} data-autofocus>
          {cancel}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy} data-testid={testId}>
          {confirm}
        </Button>
      </Group>
    </Modal>
  );
}
