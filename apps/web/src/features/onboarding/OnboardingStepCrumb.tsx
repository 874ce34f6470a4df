import { useParams } from 'react-router';
import { isOnboardingStep } from './onboardingSteps.ts';
import { useStepTitle } from './useStepTitle.ts';

export function OnboardingStepCrumb() {
  const { step } = useParams();
  const stepTitle = useStepTitle();
  return isOnboardingStep(step) ? stepTitle(step) : null;
}
