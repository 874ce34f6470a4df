import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Save and undo of a settings form: both off while nothing changed. */
export function FormActions({ dirty, saving, onReset, disabled = false }: { dirty: boolean; saving: boolean; onReset: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onReset} disabled={!dirty || saving || disabled} data-testid="form-reset">
        {t('profile.actions.reset')}
      </Button>
      <Button type="submit" loading={saving} disabled={!dirty || disabled} data-testid="form-save">
        {t('profile.actions.save')}
      </Button>
    </Group>
  );
}
