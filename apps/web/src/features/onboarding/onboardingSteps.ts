/** The wizard's steps: the rules live in @sitelens/domain (onboardingWizard.ts). */
export { ONBOARDING_STEPS, type OnboardingStep, isOnboardingStep } from '@sitelens/domain';
