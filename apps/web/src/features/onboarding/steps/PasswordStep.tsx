import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OnboardingData } from '@sitelens/domain';
import { PasswordFields } from '../../../shared/forms/PasswordFields.tsx';
import { onboardingStore } from '../onboardingStore.ts';

/** Step 3: the password under the shared policy, and its confirmation. */
export function PasswordStep({ data, showErrors }: { data: OnboardingData; showErrors: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" mb="md">
        {t('onboarding.password.intro')}
      </Text>
      <PasswordFields
        password={data.passwordNew}
        confirmation={data.passwordConfirmation}
        onPasswordChange={(passwordNew) => onboardingStore.update({ passwordNew })}
        onConfirmationChange={(passwordConfirmation) => onboardingStore.update({ passwordConfirmation })}
        showErrors={showErrors}
        labels={{ password: t('onboarding.password.password'), confirmation: t('onboarding.password.confirmation'), policy: t('onboarding.password.policy') }}
      />
    </>
  );
}
