import { useEffect, useState } from 'react';
import { Alert, Anchor, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '../../../shared/forms/CodeInput.tsx';

export interface PhoneCodeModalProps {
  opened: boolean;
  phone: string;
  /** Seconds before a resend is allowed (60 by default, spec 000 §9). */
  resendAfterSeconds: number;
  /** Checks the code; resolves to an error text to show under the input, or null when it was right. */
  onSubmit: (code: string) => Promise<string | null>;
  /** Sends a new code; resolves to the seconds before the next one. */
  onResend: () => Promise<number>;
  onClose: () => void;
}

/**
 * The phone code modal (spec 000 §4): the code is submitted as soon as its digits are complete;
 * resend is disabled during the countdown, which shows the seconds left.
 */
export function PhoneCodeModal({ opened, phone, resendAfterSeconds, onSubmit, onResend, onClose }: PhoneCodeModalProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [remaining, setRemaining] = useState(resendAfterSeconds);

  useEffect(() => {
    if (opened) setRemaining(resendAfterSeconds);
  }, [opened, resendAfterSeconds]);
  useEffect(() => {
    if (!opened || remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [opened, remaining]);

  const submit = async (value: string) => {
    setBusy(true);
    setError(null);
    const problem = await onSubmit(value);
    setBusy(false);
    if (problem) {
      setError(problem);
      setCode('');
    }
  };

  const resend = async () => {
    setError(null);
    setRemaining(await onResend());
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('onboarding.code.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        <Text size="sm">
          {t('onboarding.code.sentTo')} <bdi dir="ltr">{phone}</bdi>
        </Text>
        <CodeInput
          label={t('onboarding.code.label')}
          value={code}
          onChange={setCode}
          onComplete={(value) => void submit(value)}
          disabled={busy}
          error={Boolean(error)}
          testId="onboarding-code"
          autoFocus
          centered
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Text size="sm" ta="center">
          {remaining > 0 ? (
            t('onboarding.code.resendIn', { seconds: remaining })
          ) : (
            <Anchor component="button" type="button" onClick={() => void resend()} data-testid="onboarding-code-resend">
              {t('onboarding.code.resend')}
            </Anchor>
          )}
        </Text>
      </Stack>
    </Modal>
  );
}
