import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Save and undo of a form (type=submit on Save): both off while nothing changed. */
export function FormActions({ dirty, saving, onReset, disabled = false }: { dirty: boolean; saving: boolean; onReset: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onReset} disabled={!dirty || saving || disabled} data-testid="form-reset">
        {t('common.form.reset')}
      </Button>
      <Button type="submit" loading={saving} disabled={!dirty || disabled} data-testid="form-save">
        {t('common.form.save')}
      </Button>
    </Group>
  );
}
