import { useTranslation } from 'react-i18next';
import type { OnboardingStep } from './onboardingSteps.ts';

export function useStepTitle(): (step: OnboardingStep) => string {
  const { t } = useTranslation();
  const titles: Record<OnboardingStep, string> = {
    'org-settings': t('onboarding.steps.orgSettings'),
    about: t('onboarding.steps.about'),
    password: t('onboarding.steps.password'),
    'profile-settings': t('onboarding.steps.profileSettings'),
    security: t('onboarding.steps.security'),
  };
  return (step) => titles[step];
}
