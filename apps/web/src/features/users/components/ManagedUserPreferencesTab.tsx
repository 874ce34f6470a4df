import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../shared/forms/FormActions.tsx';
import { UnsavedChangesGuard } from '../../../shared/unsaved/useUnsavedChangesGuard.tsx';
import type { ManagedUser } from '../graphql/managedUser.ts';
import { useManagedUserForm } from '../hooks/useManagedUserForm.ts';
import { PreferencesFields } from './PreferencesFields.tsx';
import { FormCard } from '../../../shared/forms/FormCard.tsx';

const PREFERENCE_FIELDS = ['lang', 'dateFormat', 'timezone', 'theme'] as const;

/** A managed user's language, date format, time zone and theme (the profile page's fields). */
export function ManagedUserPreferencesTab({ user, editable }: { user: ManagedUser; editable: boolean }) {
  const { t } = useTranslation();
  const form = useManagedUserForm(user, PREFERENCE_FIELDS);
  return (
    <FormCard maw={720} label={t('profile.preferences.title')} browserValidation onSubmit={() => void form.save()}>
      <UnsavedChangesGuard when={form.dirty} onSave={form.save} />
      <Stack>
        <PreferencesFields draft={form.draft} set={form.set} disabled={!editable} />
        {editable && <FormActions dirty={form.dirty} saving={form.saving} onReset={form.reset} />}
      </Stack>
    </FormCard>
  );
}
