import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { UnsavedChangesGuard } from '../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { FormActions } from '../../shared/forms/FormActions.tsx';
import { PreferencesFields } from './components/PreferencesFields.tsx';
import { useProfilePreferencesForm } from './hooks/useProfilePreferencesForm.ts';
import { BrowserNotificationsSwitch } from '../messages/BrowserNotificationsSwitch.tsx';
import { FormCard } from '../../shared/forms/FormCard.tsx';

/** Language, date format, time zone and theme (spec 000 §2), with the leave confirmation while changed. */
export default function ProfilePreferencesPage() {
  const { t } = useTranslation();
  const { me } = useCaller();
  const form = useProfilePreferencesForm(me);

  return (
    <>
      <PageHeader title={t('profile.preferences.title')} />
      <UnsavedChangesGuard when={form.dirty} onSave={form.save} />
      <FormCard maw={720} label={t('profile.preferences.title')} browserValidation onSubmit={() => void form.save()}>
        <Stack>
          <PreferencesFields draft={form.draft} set={form.set} />
          <FormActions dirty={form.dirty} saving={form.saving} onReset={form.reset} />
        </Stack>
      </FormCard>
      <BrowserNotificationsSwitch />
    </>
  );
}
