import { Navigate, useParams } from 'react-router';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { isOnboardingStep } from './onboardingSteps.ts';
import { useStepTitle } from './useStepTitle.ts';

/** One wizard step: title and breadcrumb until the onboarding issue; unknown steps go back to the start. */
export default function OnboardingStepPage() {
  const { step } = useParams();
  const stepTitle = useStepTitle();
  if (!isOnboardingStep(step)) return <Navigate to="/onboarding" replace />;
  return <PageHeader title={stepTitle(step)} />;
}
