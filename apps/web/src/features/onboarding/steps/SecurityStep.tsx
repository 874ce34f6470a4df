import { Checkbox, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type OnboardingData, type OtpContact, draftToE164, twoFactorMethodAfter, twoFactorMethods } from '@sitelens/domain';
import { onboardingStore } from '../onboardingStore.ts';

/**
 * Step 5, two-factor (spec 000 §4): an optional box; ticked, the method is e-mail by default and
 * phone only with a valid phone entered; unticked, no method.
 */
export function SecurityStep({ data }: { data: OnboardingData }) {
  const { t } = useTranslation();
  const phone = draftToE164(data.phone);
  const phoneValid = phone !== null;
  const methods = twoFactorMethods(phoneValid);
  const enabled = data.twoFactorVerificationMethod !== null;
  return (
    <Stack>
      <Text size="sm">{t('onboarding.security.intro')}</Text>
      <Checkbox
        label={t('onboarding.security.enable')}
        checked={enabled}
        onChange={(e) => onboardingStore.update({ twoFactorVerificationMethod: twoFactorMethodAfter(e.currentTarget.checked, data.twoFactorVerificationMethod, phoneValid) })}
        data-testid="onboarding-2fa"
      />
      {enabled && (
        <Radio.Group
          label={t('onboarding.security.method')}
          value={data.twoFactorVerificationMethod}
          onChange={(value) => onboardingStore.update({ twoFactorVerificationMethod: value as OtpContact })}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="email" label={t('onboarding.security.byEmail')} data-testid="onboarding-2fa-email" />
            <Radio
              value="phone"
              disabled={!methods.includes('phone')}
              label={
                phoneValid ? (
                  <span>
                    {t('onboarding.security.byPhone')} <bdi dir="ltr">{phone}</bdi>
                  </span>
                ) : (
                  t('onboarding.security.byPhoneNeedsNumber')
                )
              }
              data-testid="onboarding-2fa-phone"
            />
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}
