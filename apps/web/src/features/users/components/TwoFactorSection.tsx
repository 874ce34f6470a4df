import { useState } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { Alert, Box, Button, Checkbox, Group, Paper, PinInput, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OTP_CODE_LENGTH, type OtpContact, lockedContact, phoneError, twoFactorMethodAfter, twoFactorMethods } from '@sitelens/domain';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { UPDATE_OTP_CONTACT } from '../graphql/security.ts';

interface Me {
  otpContact?: string | null;
  phone?: string | null;
}

/**
 * Two-factor on or off and its method (spec 000 §4): ticking picks e-mail, phone only with a valid
 * phone; an unverified contact gets a code that is entered here before two-factor turns on.
 */
export function TwoFactorSection({ me }: { me: Me }) {
  const { t } = useTranslation();
  const phoneValid = Boolean(me.phone) && phoneError(me.phone ?? '') === null;
  const saved = lockedContact(me.otpContact);
  const [method, setMethod] = useState<OtpContact | null>(saved);
  const [codeFor, setCodeFor] = useState<OtpContact | null>(null);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [update, { loading }] = useMutation(UPDATE_OTP_CONTACT);

  const send = async (otpContact: OtpContact | null, withCode?: string) => {
    setFailure(null);
    try {
      const { data } = await update({ variables: { otpContact, code: withCode ?? null } });
      const sentTo = data?.updateOtpContact.codeSentTo;
      if (sentTo === 'email' || sentTo === 'phone') {
        setCodeFor(sentTo);
        setCode('');
        return;
      }
      setCodeFor(null);
      showToast(otpContact ? t('profile.security.twoFactor.on') : t('profile.security.twoFactor.off'), 'success');
    } catch (error) {
      const code = error instanceof ApolloError ? error.graphQLErrors[0]?.extensions?.code : undefined;
      const known = ['OTP_INVALID', 'OTP_BLOCKED', 'OTP_RESEND_TOO_SOON', 'BAD_USER_INPUT'];
      setFailure(t(typeof code === 'string' && known.includes(code) ? `errors.${code}` : 'errors.common'));
      setCode('');
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" aria-labelledby="two-factor-title">
      <Stack>
        <Title order={2} size="h4" id="two-factor-title">
          {t('profile.security.twoFactor.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('profile.security.twoFactor.intro')}
        </Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Checkbox
          label={t('profile.security.twoFactor.enable')}
          checked={method !== null}
          onChange={(e) => setMethod(twoFactorMethodAfter(e.currentTarget.checked, method, phoneValid))}
        />
        {method !== null && (
          <Radio.Group label={t('profile.security.twoFactor.method')} value={method} onChange={(v) => setMethod(v as OtpContact)}>
            <Group mt="xs">
              {(['email', 'phone'] as const).map((m) => (
                <Radio key={m} value={m} label={t(`profile.security.twoFactor.${m}`)} disabled={!twoFactorMethods(phoneValid).includes(m)} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {!phoneValid && <Text size="xs" c="dimmed">{t('profile.security.twoFactor.phoneNeeded')}</Text>}
        {codeFor ? (
          <Stack gap="xs">
            <Text size="sm">{t(codeFor === 'phone' ? 'profile.security.twoFactor.codeSentPhone' : 'profile.security.twoFactor.codeSentEmail')}</Text>
            <Box dir="ltr">
              <PinInput
                length={OTP_CODE_LENGTH}
                type="number"
                oneTimeCode
                value={code}
                onChange={setCode}
                onComplete={(value) => void send(codeFor, value)}
                aria-label={t('login.otp.code')}
                data-testid="contact-code-input"
              />
            </Box>
          </Stack>
        ) : (
          <Button loading={loading} disabled={method === saved} onClick={() => void send(method)} style={{ alignSelf: 'flex-start' }}>
            {t('profile.security.twoFactor.save')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
