import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { type RightsTree, canGrantProfile } from '@sitelens/domain';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { FormActions } from '../../../shared/forms/FormActions.tsx';
import { UnsavedChangesGuard } from '../../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { type ManagedUser, RIGHTS_PROFILES } from '../graphql/managedUser.ts';
import { useManagedUserForm } from '../hooks/useManagedUserForm.ts';
import { PersonNameFields, VerifiedLabel } from './PersonNameFields.tsx';
import { FormCard } from '../../../shared/forms/FormCard.tsx';

const GENERAL_FIELDS = ['firstName', 'lastName', 'profileId'] as const;

/** Names, e-mail (the user's own to change) and rights profile of a managed user. */
export function ManagedUserGeneralTab({ user, editable, canAssign }: { user: ManagedUser; editable: boolean; canAssign: boolean }) {
  const { t } = useTranslation();
  const form = useManagedUserForm(user, GENERAL_FIELDS);
  const { caller } = useCaller();
  const profiles = useQuery(RIGHTS_PROFILES).data?.profiles ?? [];
  // Only the profiles the caller may give (none with a right the caller lacks); the server refuses the others.
  const options = profiles.filter((p) => canGrantProfile(caller, p.rights as RightsTree)).map((p) => ({ value: String(p.id), label: p.name }));
  if (user.profile && !options.some((o) => o.value === String(user.profile?.id))) options.push({ value: String(user.profile.id), label: user.profile.name });

  return (
    <FormCard maw={720} label={t('profile.general.title')} onSubmit={() => void form.save()}>
      <UnsavedChangesGuard when={form.dirty} onSave={form.save} />
      <Stack>
        <PersonNameFields form={form} readOnly={!editable} testIdPrefix="managed" />
        <TextInput
          label={<VerifiedLabel label={t('profile.general.email')} verified={user.isEmailVerified} />}
          value={user.email}
          readOnly
          dir="ltr"
          data-testid="managed-email"
        />
        {user.isAdmin ? (
          <Text size="sm" data-testid="managed-role">
            {t('managedUser.administrator')}
          </Text>
        ) : (
          <Select
            label={t('managedUser.profile')}
            description={canAssign ? undefined : t('managedUser.profileLocked')}
            data={options}
            value={form.draft.profileId || null}
            placeholder={t('managedUser.noProfile')}
            onChange={(value) => value && form.set('profileId', value)}
            allowDeselect={false}
            disabled={!canAssign}
            data-testid="managed-profile"
          />
        )}
        {editable && <FormActions dirty={form.dirty} saving={form.saving} onReset={form.reset} />}
      </Stack>
    </FormCard>
  );
}
