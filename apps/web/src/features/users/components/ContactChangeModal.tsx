import { useState, type FormEvent } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/errorText.ts';
import { fieldErrorKey, fieldErrorOf } from '../../../shared/api/fieldError.ts';
import { CONFIRM_PHONE_CHANGE, REQUEST_EMAIL_CHANGE, REQUEST_PHONE_CHANGE } from '../graphql/contactChange.ts';

export interface ContactChangeAsk {
  /** The new sign-in address, or null when it does not change. */
  email: string | null;
  /** The new phone (E.164, '' removes it), or null when it does not change. */
  phone: string | null;
}

export interface ContactChangeResult {
  /** Where the confirmation link went; the address changes once it is opened. */
  emailSentTo: string | null;
  /** The phone as it now is, when it changed. */
  phone: string | null | undefined;
}

const CODE_ERRORS = ['WRONG_PASSWORD', 'OTP_INVALID', 'OTP_BLOCKED', 'OTP_RESEND_TOO_SOON', 'RATE_LIMITED', 'VIEW_AS_REFUSED', 'EMAIL_LINK_INVALID'];

/**
 * "Confirm it is you" for a new e-mail or phone (issue 28 item 1): the current password, or for an
 * account without one a code e-mailed to the current address; then the link to the new address
 * (nothing to do here) or the code sent to the new phone.
 */
export function ContactChangeModal({ ask, hasPassword, onDone, onCancel }: { ask: ContactChangeAsk; hasPassword: boolean; onDone: (result: ContactChangeResult) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [proofCode, setProofCode] = useState('');
  const [proofSentTo, setProofSentTo] = useState<string | null>(null);
  const [emailSentTo, setEmailSentTo] = useState<string | null>(null);
  const [emailDone, setEmailDone] = useState(ask.email === null);
  const [phoneSentTo, setPhoneSentTo] = useState<string | null>(null);
  const [phoneCode, setPhoneCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [requestEmail] = useMutation(REQUEST_EMAIL_CHANGE);
  const [requestPhone] = useMutation(REQUEST_PHONE_CHANGE);
  const [confirmPhone] = useMutation(CONFIRM_PHONE_CHANGE);

  const explain = (error: unknown) => {
    const field = fieldErrorOf(error);
    const code = errorCodeOf(error instanceof ApolloError ? error : undefined);
    setFailure(field ? t(fieldErrorKey(field)) : code && CODE_ERRORS.includes(code) ? t(`errors.${code}`) : t('errors.common'));
  };

  const proof = () => (hasPassword ? { password } : proofCode ? { code: proofCode.trim() } : {});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      if (phoneSentTo) {
        const result = await confirmPhone({ variables: { code: phoneCode.trim() } });
        onDone({ emailSentTo, phone: result.data?.confirmPhoneChange.phone ?? null });
        return;
      }
      let sentTo = emailSentTo;
      if (!emailDone && ask.email !== null) {
        const result = (await requestEmail({ variables: { email: ask.email, ...proof() } })).data?.requestEmailChange;
        if (result?.status === 'PROOF_CODE_SENT') return setProofSentTo(result.sentTo ?? null);
        sentTo = result?.sentTo ?? null;
        setEmailSentTo(sentTo);
        setEmailDone(true);
        setProofCode('');
      }
      if (ask.phone !== null) {
        const result = (await requestPhone({ variables: { phone: ask.phone, ...proof() } })).data?.requestPhoneChange;
        if (result?.status === 'PROOF_CODE_SENT') return setProofSentTo(result.sentTo ?? null);
        if (result?.status === 'CONFIRMATION_SENT') return setPhoneSentTo(result.sentTo ?? ask.phone);
        return onDone({ emailSentTo: sentTo, phone: null });
      }
      onDone({ emailSentTo: sentTo, phone: undefined });
    } catch (error) {
      explain(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened onClose={onCancel} title={t('profile.contactChange.title')} centered>
      <form onSubmit={submit} noValidate data-testid="contact-change">
        <Stack>
          {failure && (
            <Alert color="red" role="alert" data-testid="contact-change-error">
              {failure}
            </Alert>
          )}
          {emailSentTo && (
            <Alert color="blue" data-testid="contact-change-email-sent">
              {t('profile.contactChange.checkInbox', { email: emailSentTo })}
            </Alert>
          )}
          {phoneSentTo ? (
            <CodeInput label={t('profile.contactChange.phoneCode', { phone: phoneSentTo })} value={phoneCode} onChange={setPhoneCode} testId="contact-change-phone-code" />
          ) : hasPassword ? (
            <>
              <Text size="sm">{t('profile.contactChange.passwordIntro')}</Text>
              <PasswordInput
                label={t('profile.security.password.current')}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                data-autofocus
                data-testid="contact-change-password"
              />
            </>
          ) : proofSentTo ? (
            <CodeInput label={t('profile.contactChange.proofCode', { email: proofSentTo })} value={proofCode} onChange={setProofCode} testId="contact-change-proof-code" />
          ) : (
            <Text size="sm">{t('profile.contactChange.noPasswordIntro')}</Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('profile.contactChange.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="contact-change-submit">
              {!hasPassword && !proofSentTo && !phoneSentTo ? t('profile.contactChange.sendCode') : t('profile.contactChange.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A one-time code typed in (sent by SMS or e-mail): digits, left to right in every language. */
function CodeInput({ label, value, onChange, testId }: { label: string; value: string; onChange: (code: string) => void; testId: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      inputMode="numeric"
      autoComplete="one-time-code"
      dir="ltr"
      data-autofocus
      // Shown in place of the password once it is accepted: the focus moves here instead of the page.
      autoFocus
      data-testid={testId}
    />
  );
}
