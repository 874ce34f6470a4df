import { useEffect, useState } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { Alert, Button, Checkbox, Code, Group, Image, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type OtpContact, type TwoFactorMethod, isTwoFactorMethod, phoneError, twoFactorMethodAfter, twoFactorMethods } from '@sitelens/domain';
import QRCode from 'qrcode';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { CONFIRM_TOTP, START_TOTP_ENROLMENT, UPDATE_OTP_CONTACT } from '../graphql/security.ts';
import { RecoveryCodesPanel } from './RecoveryCodes.tsx';
import { CodeInput } from '../../../shared/forms/CodeInput.tsx';
import { SectionCard } from '../../../shared/layout/SectionCard.tsx';

interface Me {
  otpContact?: string | null;
  phone?: string | null;
}

/** The authenticator's secret as a QR code (the otpauth:// URI), made in the browser. */
function TotpQr({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 200 })
      .then((u) => !cancelled && setUrl(u))
      .catch(() => !cancelled && setUrl(null));
    return () => {
      cancelled = true;
    };
  }, [uri]);
  return url ? <Image src={url} w={200} h={200} alt={t('profile.security.totp.qrAlt')} data-testid="totp-qr" /> : null;
}

/**
 * Two-factor on or off and its method (spec 000 §4): ticking picks e-mail, phone only with a valid
 * phone; an unverified contact gets a code that is entered here before two-factor turns on.
 */
export function TwoFactorSection({ me }: { me: Me }) {
  const { t } = useTranslation();
  const phoneValid = Boolean(me.phone) && phoneError(me.phone ?? '') === null;
  const saved: TwoFactorMethod | null = isTwoFactorMethod(me.otpContact) ? me.otpContact : null;
  const [method, setMethod] = useState<TwoFactorMethod | null>(saved);
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string } | null>(null);
  const [fresh, setFresh] = useState<string[] | null>(null);
  const [start] = useMutation(START_TOTP_ENROLMENT);
  const [confirm] = useMutation(CONFIRM_TOTP);
  const [codeFor, setCodeFor] = useState<OtpContact | null>(null);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [update, { loading }] = useMutation(UPDATE_OTP_CONTACT);

  const failed = (error: unknown) => {
    const code = error instanceof ApolloError ? error.graphQLErrors[0]?.extensions?.code : undefined;
    const known = ['OTP_INVALID', 'OTP_BLOCKED', 'OTP_RESEND_TOO_SOON', 'BAD_USER_INPUT', 'VIEW_AS_REFUSED'];
    setFailure(t(typeof code === 'string' && known.includes(code) ? `errors.${code}` : 'errors.common'));
    setCode('');
  };

  const enrol = async () => {
    setFailure(null);
    try {
      const { data } = await start();
      if (data) setEnrolment(data.startTotpEnrolment);
      setCode('');
    } catch (error) {
      failed(error);
    }
  };

  const confirmApp = async (value: string) => {
    setFailure(null);
    try {
      const { data } = await confirm({ variables: { code: value } });
      setEnrolment(null);
      setFresh(data?.confirmTotp.recoveryCodes ?? null);
      showToast(t('profile.security.twoFactor.on'), 'success');
    } catch (error) {
      failed(error);
    }
  };

  const send = async (otpContact: TwoFactorMethod | null, withCode?: string) => {
    if (otpContact === 'totp') return enrol();
    setFailure(null);
    try {
      const { data } = await update({ variables: { otpContact, code: withCode ?? null } });
      const sentTo = data?.updateOtpContact.codeSentTo;
      if (data?.updateOtpContact.recoveryCodes) setFresh(data.updateOtpContact.recoveryCodes);
      if (!otpContact) setFresh(null);
      if (sentTo === 'email' || sentTo === 'phone') {
        setCodeFor(sentTo);
        setCode('');
        return;
      }
      setCodeFor(null);
      showToast(otpContact ? t('profile.security.twoFactor.on') : t('profile.security.twoFactor.off'), 'success');
    } catch (error) {
      failed(error);
    }
  };
  // Ticking keeps the authenticator when it was chosen; otherwise the rules of the sent codes.
  const methodAfter = (enabled: boolean): TwoFactorMethod | null =>
    enabled && method === 'totp' ? 'totp' : twoFactorMethodAfter(enabled, method === 'totp' ? null : method, phoneValid);

  return (
    <SectionCard title={t('profile.security.twoFactor.title')} titleId="two-factor-title" description={t('profile.security.twoFactor.intro')}>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Checkbox
        label={t('profile.security.twoFactor.enable')}
        checked={method !== null}
        onChange={(e) => (setMethod(methodAfter(e.currentTarget.checked)), setEnrolment(null))}
      />
      {method !== null && (
        <Radio.Group label={t('profile.security.twoFactor.method')} value={method} onChange={(v) => (setMethod(v as TwoFactorMethod), setEnrolment(null))}>
          <Group mt="xs">
            {(['email', 'phone'] as const).map((m) => (
              <Radio key={m} value={m} label={t(`profile.security.twoFactor.${m}`)} disabled={!twoFactorMethods(phoneValid).includes(m)} />
            ))}
            <Radio value="totp" label={t('profile.security.twoFactor.totp')} data-testid="method-totp" />
          </Group>
        </Radio.Group>
      )}
      {!phoneValid && <Text size="xs" c="dimmed">{t('profile.security.twoFactor.phoneNeeded')}</Text>}
      {enrolment ? (
        <Stack gap="xs" data-testid="totp-enrolment">
          <Text size="sm">{t('profile.security.totp.scan')}</Text>
          <TotpQr uri={enrolment.uri} />
          <Text size="sm">{t('profile.security.totp.orType')}</Text>
          <Code dir="ltr" data-testid="totp-secret">
            {enrolment.secret}
          </Code>
          <Text size="sm">{t('profile.security.totp.enterCode')}</Text>
          <CodeInput label={t('login.otp.code')} value={code} onChange={setCode} onComplete={(value) => void confirmApp(value)} testId="totp-code-input" autoFocus />
        </Stack>
      ) : codeFor ? (
        <Stack gap="xs">
          <Text size="sm">{t(codeFor === 'phone' ? 'profile.security.twoFactor.codeSentPhone' : 'profile.security.twoFactor.codeSentEmail')}</Text>
          <CodeInput label={t('login.otp.code')} value={code} onChange={setCode} onComplete={(value) => void send(codeFor, value)} testId="contact-code-input" autoFocus />
        </Stack>
      ) : (
        <Button loading={loading} disabled={method === saved} data-testid="two-factor-save" onClick={() => void send(method)} style={{ alignSelf: 'flex-start' }}>
          {t('profile.security.twoFactor.save')}
        </Button>
      )}
      {saved !== null && <RecoveryCodesPanel key={saved} fresh={fresh} onFresh={setFresh} />}
    </SectionCard>
  );
}
