import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROFILE_NAME_MAX } from '@sitelens/domain';
import { FormActions } from '../../../shared/forms/FormActions.tsx';
import { UnsavedChangesGuard } from '../../../shared/unsaved/useUnsavedChangesGuard.tsx';
import type { RightsProfile } from '../graphql/managedUser.ts';
import { useRightsProfileForm } from '../hooks/useRightsProfileForm.ts';
import { RightsSwitches } from './RightsSwitches.tsx';
import { FormCard } from '../../../shared/forms/FormCard.tsx';
import { focusWhenLost } from '../../../shared/layout/focusWhenLost.ts';

/** One profile's name and rights, with Save, Undo and Delete (a profile still held cannot go). */
export function RightsProfileEditor({ profile, onSaved, focusName = false }: { profile: RightsProfile | null; onSaved: (id: number | null) => void; focusName?: boolean }) {
  const { t } = useTranslation();
  const form = useRightsProfileForm(profile, onSaved);
  const [confirming, setConfirming] = useState(false);
  return (
    <FormCard label={profile ? profile.name : t('rightsProfiles.new')} onSubmit={() => void form.save()} testId="rights-profile-editor">
      <UnsavedChangesGuard when={form.dirty && profile !== null} onSave={form.save} />
      <Stack>
        <TextInput
          label={t('rightsProfiles.name')}
          value={form.draft.name}
          onChange={(e) => form.setName(e.currentTarget.value)}
          error={form.nameError}
          maxLength={PROFILE_NAME_MAX}
          required
          dir="auto"
          // "New profile" was pressed: its first field is where to type (not on the page's first opening).
          autoFocus={focusName}
          data-testid="rights-profile-name"
        />
        <RightsSwitches rights={form.draft.rights} onChange={form.setRights} />
        <Group justify="space-between">
          {profile ? (
            <Button color="red" variant="subtle" onClick={() => setConfirming(true)} data-testid="rights-profile-delete">
              {t('rightsProfiles.delete')}
            </Button>
          ) : (
            <span />
          )}
          <FormActions dirty={form.dirty} saving={form.saving} onReset={form.reset} />
        </Group>
      </Stack>
      <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={confirming} onClose={() => setConfirming(false)} title={t('rightsProfiles.deleteTitle')} centered>
        <Stack>
          <Text>{t('rightsProfiles.deleteConfirm', { name: profile?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('managedUser.cancel')}
            </Button>
            <Button
              color="red"
              loading={form.deleting}
              onClick={() => void form.deleteProfile().then(() => {
                setConfirming(false);
                // The deleted profile's editor (and this dialog) is gone: focus goes to the page's heading.
                focusWhenLost();
              })}
              data-testid="rights-profile-delete-confirm"
            >
              {t('rightsProfiles.deleteAction')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </FormCard>
  );
}
