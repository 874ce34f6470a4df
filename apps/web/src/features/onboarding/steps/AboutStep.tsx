import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type OnboardingData, nameError } from '@sitelens/domain';
import { PhoneInput } from '../../../shared/phone/PhoneInput.tsx';
import { onboardingStore } from '../onboardingStore.ts';

/** Step 2, about you: names (letters and spaces), an optional phone (CH by default). */
export function AboutStep({ data, showErrors, phoneLocked }: { data: OnboardingData; showErrors: boolean; phoneLocked: boolean }) {
  const { t } = useTranslation();
  const first = nameError(data.firstName, 'firstName');
  const last = nameError(data.lastName, 'lastName');
  return (
    <Stack>
      <TextInput
        label={t('onboarding.about.firstName')}
        required
        autoComplete="given-name"
        value={data.firstName}
        onChange={(e) => onboardingStore.update({ firstName: e.currentTarget.value })}
        error={showErrors && first ? t(first) : undefined}
        data-testid="onboarding-first-name"
      />
      <TextInput
        label={t('onboarding.about.lastName')}
        required
        autoComplete="family-name"
        value={data.lastName}
        onChange={(e) => onboardingStore.update({ lastName: e.currentTarget.value })}
        error={showErrors && last ? t(last) : undefined}
        data-testid="onboarding-last-name"
      />
      <PhoneInput
        label={t('onboarding.about.phone')}
        description={phoneLocked ? t('onboarding.about.phoneLocked') : t('onboarding.about.phoneHint')}
        value={data.phone}
        onChange={(phone) => onboardingStore.update({ phone })}
        showRuleError={showErrors}
        disabled={phoneLocked}
        data-testid="onboarding-phone"
      />
    </Stack>
  );
}
