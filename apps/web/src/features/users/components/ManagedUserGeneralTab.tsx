import { Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../shared/forms/FormActions.tsx';
import { UnsavedChangesGuard } from '../../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { type ManagedUser, RIGHTS_PROFILES } from '../graphql/managedUser.ts';
import { useManagedUserForm } from '../hooks/useManagedUserForm.ts';
import { VerifiedBadge } from './VerifiedBadge.tsx';

const GENERAL_FIELDS = ['firstName', 'lastName', 'profileId'] as const;

/** Names, e-mail (the user's own to change) and rights profile of a managed user. */
export function ManagedUserGeneralTab({ user, editable, canAssign }: { user: ManagedUser; editable: boolean; canAssign: boolean }) {
  const { t } = useTranslation();
  const form = useManagedUserForm(user, GENERAL_FIELDS);
  const profiles = useQuery(RIGHTS_PROFILES).data?.profiles ?? [];
  const options = profiles.map((p) => ({ value: String(p.id), label: p.name }));
  if (user.profile && !options.some((o) => o.value === String(user.profile?.id))) options.push({ value: String(user.profile.id), label: user.profile.name });

  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="lg"
      maw={720}
      noValidate
      aria-label={t('profile.general.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void form.save();
      }}
    >
      <UnsavedChangesGuard when={form.dirty} onSave={form.save} />
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('profile.general.firstName')}
            value={form.draft.firstName}
            onChange={(e) => form.set('firstName', e.currentTarget.value)}
            error={form.errorOf('firstName')}
            readOnly={!editable}
            required
            dir="auto"
            data-testid="managed-first-name"
          />
          <TextInput
            label={t('profile.general.lastName')}
            value={form.draft.lastName}
            onChange={(e) => form.set('lastName', e.currentTarget.value)}
            error={form.errorOf('lastName')}
            readOnly={!editable}
            required
            dir="auto"
            data-testid="managed-last-name"
          />
        </SimpleGrid>
        <TextInput
          label={
            <Group gap={6} component="span" style={{ display: 'inline-flex' }}>
              {t('profile.general.email')}
              <VerifiedBadge verified={user.isEmailVerified} />
            </Group>
          }
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
    </Paper>
  );
}
