import { useEffect, useState } from 'react';
import { ApolloError, useApolloClient } from '@apollo/client';
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '../../../shared/forms/CodeInput.tsx';
import { LOGIN_WITH_OTP, RESEND_LOGIN_OTP } from '../graphql/signin.ts';

export interface OtpChallenge {
  otpContact: 'email' | 'phone' | 'totp';
  codeLength: number;
  resendAfterSeconds: number;
  /** Whether a code went out with this step; none does within 60 s of the previous one (issue 29.19). */
  codeSent: boolean;
  /** Whether the previous code still works when none was sent now (it may have been burned). */
  liveCode: boolean;
}

const codeOf = (error: unknown) => (error instanceof ApolloError ? error.graphQLErrors[0]?.extensions : undefined);

/** The words of a refused code, for the kind of code it was: sent, from the app, or a recovery code. */
function refusalKey(ext: Record<string, unknown> | undefined, fallbackFactor: 'sent' | 'totp' | 'recovery'): string {
  const code = ext?.code;
  if (code === 'OTP_SIGNIN_EXPIRED' || code === 'LOGIN_RATE_LIMITED') return code;
  const kind = code === 'OTP_BLOCKED' ? 'OTP_BLOCKED' : 'OTP_INVALID';
  const factor = ext?.factor === 'totp' || ext?.factor === 'recovery' || ext?.factor === 'sent' ? ext.factor : fallbackFactor;
  return factor === 'sent' ? kind : `${kind}_${factor.toUpperCase()}`;
}

/** What the step says above the code: sent now, an earlier one still valid, or none usable. */
function introKey(challenge: OtpChallenge, sentNow: boolean): string {
  if (challenge.otpContact === 'totp') return 'login.otp.fromApp';
  const phone = challenge.otpContact === 'phone';
  if (sentNow) return phone ? 'login.otp.sentByPhone' : 'login.otp.sentByEmail';
  if (challenge.liveCode) return phone ? 'login.otp.earlierByPhone' : 'login.otp.earlierByEmail';
  return 'login.otp.noCode';
}

/**
 * The one-time code screen of a two-factor sign-in (spec 000 §2, §4): the code is submitted once
 * its digits are complete; resend waits for the countdown; "do not ask again on this browser".
 */
export function OtpStep({ challenge, onSignedIn, onBack }: { challenge: OtpChallenge; onSignedIn: (token: string, trust: boolean) => Promise<void>; onBack: () => void }) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const [code, setCode] = useState('');
  const [trust, setTrust] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [remaining, setRemaining] = useState(challenge.resendAfterSeconds);
  // A one-time recovery code instead of the code (xxxxx-xxxxx).
  const [recovery, setRecovery] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState('');
  const [sentNow, setSentNow] = useState(challenge.codeSent);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const submit = async (value: string) => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await client.query({ query: LOGIN_WITH_OTP, variables: { otp: value }, fetchPolicy: 'no-cache' });
      if (!data.loginWithOtpToken) throw new Error('no token');
      await onSignedIn(data.loginWithOtpToken, trust);
    } catch (e) {
      setError(t(`login.otp.errors.${refusalKey(codeOf(e), recovery ? 'recovery' : challenge.otpContact === 'totp' ? 'totp' : 'sent')}`));
      setCode('');
      setBusy(false);
    }
  };

  const resend = async () => {
    setError(null);
    try {
      const { data } = await client.mutate({ mutation: RESEND_LOGIN_OTP });
      setRemaining(data?.resendLoginOtp ?? 60);
      setSentNow(true);
      setNotice(t('login.otp.resent'));
    } catch (e) {
      const ext = codeOf(e);
      if (ext?.code === 'OTP_RESEND_TOO_SOON' && typeof ext.retryAfterSeconds === 'number') setRemaining(ext.retryAfterSeconds);
      else setError(t(`login.otp.errors.${ext?.code === 'OTP_SIGNIN_EXPIRED' ? 'OTP_SIGNIN_EXPIRED' : 'common'}`));
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" data-testid="otp-intro">
        {recovery ? t('login.otp.recoveryIntro') : t(introKey(challenge, sentNow))}
      </Text>
      {notice && !error && <Alert color="green">{notice}</Alert>}
      {recovery ? (
        <TextInput
          dir="ltr"
          label={t('login.otp.recoveryCode')}
          value={recoveryCode}
          onChange={(e) => setRecoveryCode(e.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          autoFocus
          data-testid="recovery-code-input"
        />
      ) : (
        <CodeInput
          label={t('login.otp.code')}
          length={challenge.codeLength}
          value={code}
          onChange={setCode}
          onComplete={(value) => void submit(value)}
          disabled={busy}
          testId="otp-input"
          autoFocus
          centered
        />
      )}
      {/* Spec 000 §8: the message of a wrong code sits under the code input. */}
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      <Checkbox data-testid="trust-browser" label={t('login.otp.trustBrowser')} checked={trust} onChange={(e) => setTrust(e.currentTarget.checked)} />
      <Button
        fullWidth
        loading={busy}
        disabled={recovery ? recoveryCode.trim().length < 10 : code.length !== challenge.codeLength}
        onClick={() => void submit(recovery ? recoveryCode : code)}
        data-testid="otp-submit"
      >
        {t('login.otp.submit')}
      </Button>
      <Anchor component="button" type="button" size="sm" onClick={() => (setRecovery((r) => !r), setError(null))} data-testid="recovery-toggle">
        {recovery ? t('login.otp.useCode') : t('login.otp.useRecovery')}
      </Anchor>
      <Group justify="space-between">
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('login.otp.back')}
        </Anchor>
        {challenge.otpContact === 'totp' ? null : remaining > 0 ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('login.otp.resendIn', { seconds: remaining })}
          </Text>
        ) : (
          <Anchor component="button" type="button" size="sm" onClick={() => void resend()}>
            {t('login.otp.resend')}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
