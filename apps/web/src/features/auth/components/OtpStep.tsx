import { useEffect, useState } from 'react';
import { ApolloError, useApolloClient } from '@apollo/client';
import { Alert, Anchor, Box, Button, Checkbox, Group, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOGIN_WITH_OTP, RESEND_LOGIN_OTP } from '../graphql/signin.ts';

export interface OtpChallenge {
  otpContact: 'email' | 'phone' | 'totp';
  codeLength: number;
  resendAfterSeconds: number;
}

const codeOf = (error: unknown) => (error instanceof ApolloError ? error.graphQLErrors[0]?.extensions : undefined);

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
      const ext = codeOf(e);
      setError(t(`login.otp.errors.${ext?.code === 'OTP_BLOCKED' || ext?.code === 'OTP_SIGNIN_EXPIRED' || ext?.code === 'LOGIN_RATE_LIMITED' ? ext.code : 'OTP_INVALID'}`));
      setCode('');
      setBusy(false);
    }
  };

  const resend = async () => {
    setError(null);
    try {
      const { data } = await client.mutate({ mutation: RESEND_LOGIN_OTP });
      setRemaining(data?.resendLoginOtp ?? 60);
      setNotice(t('login.otp.resent'));
    } catch (e) {
      const ext = codeOf(e);
      if (ext?.code === 'OTP_RESEND_TOO_SOON' && typeof ext.retryAfterSeconds === 'number') setRemaining(ext.retryAfterSeconds);
      else setError(t(`login.otp.errors.${ext?.code === 'OTP_SIGNIN_EXPIRED' ? 'OTP_SIGNIN_EXPIRED' : 'common'}`));
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {recovery
          ? t('login.otp.recoveryIntro')
          : challenge.otpContact === 'phone'
            ? t('login.otp.sentByPhone')
            : challenge.otpContact === 'totp'
              ? t('login.otp.fromApp')
              : t('login.otp.sentByEmail')}
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
          data-testid="recovery-code-input"
        />
      ) : (
      /* Digits read left to right in every language. */
      <Box dir="ltr">
        <Group justify="center">
          <PinInput
            length={challenge.codeLength}
            type="number"
            oneTimeCode
            value={code}
            onChange={setCode}
            onComplete={(value) => void submit(value)}
            disabled={busy}
            aria-label={t('login.otp.code')}
            data-testid="otp-input"
          />
        </Group>
      </Box>
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
