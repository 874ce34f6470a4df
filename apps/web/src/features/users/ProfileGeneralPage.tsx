import { Alert, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROFILE_IMAGE_TYPES, formatDate, lockedContact } from '@sitelens/domain';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { initials } from '../../shared/caller/fullName.ts';
import { userDateFormat, userTimeZone } from '../../shared/caller/userDateFormat.ts';
import { ImagePicker } from '../../shared/images/ImagePicker.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { PhoneInput } from '../../shared/phone/PhoneInput.tsx';
import { UnsavedChangesGuard } from '../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { FormActions } from '../../shared/forms/FormActions.tsx';
import { useViewAs } from '../view-as/useViewAs.ts';
import { ContactChangeModal } from './components/ContactChangeModal.tsx';
import { VerifiedBadge } from './components/VerifiedBadge.tsx';
import { PersonNameFields, VerifiedLabel } from './components/PersonNameFields.tsx';
import { useProfileGeneralForm } from './hooks/useProfileGeneralForm.ts';
import { FormCard } from '../../shared/forms/FormCard.tsx';

/** The own profile's names, contacts and picture (spec 000 §2), saved together. */
export default function ProfileGeneralPage() {
  const { t } = useTranslation();
  const { me } = useCaller();
  const form = useProfileGeneralForm(me);
  const { draft, set } = form;
  // While viewing as, the contacts are the user's own to change (the server refuses too).
  const viewingAs = useViewAs() !== null;
  const locked = viewingAs ? 'both' : lockedContact(me.otpContact);
  const lockNote = viewingAs ? t('profile.general.viewAsLocked') : t('profile.general.lockedByTwoFactor');

  return (
    <>
      <PageHeader title={t('profile.general.title')} />
      <UnsavedChangesGuard when={form.dirty} onSave={form.save} />
      {form.contactAsk && <ContactChangeModal ask={form.contactAsk} hasPassword={me.hasPassword} onDone={form.contactChanged} onCancel={form.cancelContactChange} />}
      {form.emailSentTo && (
        <Alert color="blue" mb="md" maw={720} data-testid="email-change-pending">
          {t('profile.contactChange.checkInbox', { email: form.emailSentTo })}
        </Alert>
      )}
      <FormCard maw={720} label={t('profile.general.title')} onSubmit={() => void form.save()}>
        <Stack>
          <ImagePicker
            label={t('profile.general.picture')}
            value={draft.picture}
            onChange={(value) => set('picture', value)}
            accept={PROFILE_IMAGE_TYPES}
            shape="avatar"
            initials={initials({ firstName: draft.firstName, lastName: draft.lastName, name: me.name })}
            error={form.serverErrorOf('picture')}
          />
          <PersonNameFields form={form} testIdPrefix="profile" autoComplete />
          <TextInput
            label={<VerifiedLabel label={t('profile.general.email')} verified={me.isEmailVerified} />}
            type="email"
            value={draft.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={form.errorOf('email')}
            description={locked === 'email' || locked === 'both' ? lockNote : undefined}
            disabled={locked === 'email' || locked === 'both'}
            required
            autoComplete="email"
            dir="ltr"
            data-testid="profile-email"
          />
          <PhoneInput
            label={
              <Group gap={6} component="span" style={{ display: 'inline-flex' }}>
                {t('profile.general.phone')}
                {me.phone && <VerifiedBadge verified={me.isPhoneVerified} />}
              </Group>
            }
            value={draft.phone}
            onChange={(value) => set('phone', value)}
            error={form.serverErrorOf('phone')}
            showRuleError={form.tried}
            description={locked === 'phone' || locked === 'both' ? lockNote : t('profile.general.phoneHint')}
            disabled={locked === 'phone' || locked === 'both'}
            data-testid="profile-phone"
          />
          <Text size="sm" c="dimmed">
            {t('profile.general.memberSince', {
              date: formatDate(Date.parse(me.createdAt), { format: userDateFormat(me.dateFormat), tz: userTimeZone(me.timezone) }),
            })}
          </Text>
          <FormActions dirty={form.dirty} saving={form.saving} onReset={form.reset} />
        </Stack>
      </FormCard>
    </>
  );
}
