import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client';
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type RightsTree, canGrantProfile, emailError, leastPrivilegedProfile } from '@sitelens/domain';
import { errorText } from '../../shared/api/errorText.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { fieldErrorKey, fieldErrorOf } from '../../shared/api/fieldError.ts';
import { useLanguageNames } from '../../shared/i18n/useLanguageNames.ts';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { INVITE_PROFILES, INVITE_USER, PENDING_INVITATIONS } from './graphql.ts';

/** The "Invite user" form: an e-mail, the language of the invitation and the account, a rights profile. */
export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const names = useLanguageNames();
  const { caller } = useCaller();
  // Only what the caller may give: profiles without a right the caller lacks, "no profile" when its defaults are held too.
  const profiles = (useQuery(INVITE_PROFILES, { skip: !opened }).data?.profiles ?? []).filter((p) => canGrantProfile(caller, p.rights as RightsTree));
  const noProfileAllowed = canGrantProfile(caller, null);
  const [invite, { loading, error }] = useMutation(INVITE_USER, { refetchQueries: [PENDING_INVITATIONS, 'AllUsers', 'UserAccountStates'] });
  const [email, setEmail] = useState('');
  // The inviter's own language to start with: most invite colleagues who read as they do.
  const [lang, setLang] = useState<string>((LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
  const [chosenProfileId, setProfileId] = useState<string | null>(null);
  // Unless chosen, the offer giving the fewest rights ("no profile" holds the spec's open defaults: often the most).
  const offered = [...(noProfileAllowed ? [{ id: '', rights: null }] : []), ...profiles.map((p) => ({ id: String(p.id), rights: p.rights as RightsTree }))];
  const profileId = chosenProfileId ?? leastPrivilegedProfile(caller, offered)?.id ?? '';
  const [submitted, setSubmitted] = useState(false);
  const emailKey = emailError(email);
  const serverField = fieldErrorOf(error);

  const close = () => {
    setEmail('');
    setProfileId(null);
    setSubmitted(false);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailKey) return;
    try {
      await invite({ variables: { email: email.trim(), lang, profileId: profileId ? Number(profileId) : null } });
      showToast(t('invitations.invite.sent', { email: email.trim() }), 'success');
      close();
    } catch {
      // Shown in the form.
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('invitations.invite.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('invitations.invite.email')}
            type="email"
            required
            data-autofocus
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={submitted && emailKey ? t(emailKey === 'errors.emptyEmail' ? 'invitations.invite.emailRequired' : emailKey) : serverField?.field === 'email' ? t(fieldErrorKey(serverField)) : undefined}
            data-testid="invite-email"
          />
          <NativeSelect
            label={t('invitations.invite.language')}
            data={LANGUAGES.map((l) => ({ value: l, label: names[l] }))}
            value={lang}
            onChange={(e) => setLang(e.currentTarget.value)}
            data-testid="invite-language"
          />
          <NativeSelect
            label={t('invitations.invite.profile')}
            data={[...(noProfileAllowed ? [{ value: '', label: t('invitations.invite.noProfile') }] : []), ...profiles.map((p) => ({ value: String(p.id), label: p.name }))]}
            value={profileId}
            onChange={(e) => setProfileId(e.currentTarget.value)}
            data-testid="invite-profile"
          />
          {error && serverField?.field !== 'email' && (
            <Text size="sm" c="red.7" role="alert">
              {serverField ? t(fieldErrorKey(serverField)) : errorText(error, t)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('invitations.invite.cancel')}
            </Button>
            <Button type="submit" loading={loading} data-testid="invite-submit">
              {t('invitations.invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
