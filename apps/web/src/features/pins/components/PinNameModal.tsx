import { useState } from 'react';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../shared/forms/Form.tsx';

/** Spec 002 §5: a bookmark title is required (at least 1 character); the server's maximum. */
export const PIN_TITLE_MAX = 200;

interface PinNameModalProps {
  opened: boolean;
  initialTitle: string;
  /** Editing an existing bookmark: the modal offers delete. */
  editing: boolean;
  onClose: () => void;
  onSave: (title: string) => void;
  onDelete?: () => void;
}

/** Names a bookmark when adding it, renames it when editing (with delete). */
export function PinNameModal({ opened, initialTitle, editing, onClose, onSave, onDelete }: PinNameModalProps) {
  const { t } = useTranslation();
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={opened} onClose={onClose} title={t(editing ? 'pins.modal.editTitle' : 'pins.modal.addTitle')} centered>
      {opened && <PinNameForm initialTitle={initialTitle} editing={editing} onClose={onClose} onSave={onSave} onDelete={onDelete} />}
    </Modal>
  );
}

function PinNameForm({ initialTitle, editing, onClose, onSave, onDelete }: Omit<PinNameModalProps, 'opened'>) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initialTitle);
  const [tried, setTried] = useState(false);
  const empty = title.trim().length === 0;
  return (
    <Form
      onSubmit={() => {
        setTried(true);
        if (!empty) onSave(title.trim());
      }}
    >
      <TextInput
        label={t('pins.modal.name')}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        maxLength={PIN_TITLE_MAX}
        required
        data-autofocus
        error={tried && empty ? t('pins.modal.required') : undefined}
        data-testid="pin-title"
      />
      <Group justify="space-between" mt="md">
        <div>
          {editing && onDelete && (
            <Button variant="light" color="red" onClick={onDelete} data-testid="pin-delete">
              {t('pins.modal.delete')}
            </Button>
          )}
        </div>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('pins.modal.cancel')}
          </Button>
          <Button type="submit" data-testid="pin-save">
            {t('pins.modal.save')}
          </Button>
        </Group>
      </Group>
    </Form>
  );
}
