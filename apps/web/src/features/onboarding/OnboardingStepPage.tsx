import { Navigate, useParams } from 'react-router';
import { isOnboardingStep } from './onboardingSteps.ts';
import { OnboardingWizard } from './OnboardingWizard.tsx';

/** One wizard step, from the path; unknown steps go back to the start. */
export default function OnboardingStepPage() {
  const { step } = useParams();
  if (!isOnboardingStep(step)) return <Navigate to="/onboarding" replace />;
  return <OnboardingWizard step={step} />;
}
