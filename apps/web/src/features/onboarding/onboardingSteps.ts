/** The wizard's steps in order (spec 000 §2, five-step reading). */
export const ONBOARDING_STEPS = ['org-settings', 'about', 'password', 'profile-settings', 'security'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const isOnboardingStep = (value: string | undefined): value is OnboardingStep =>
  (ONBOARDING_STEPS as readonly string[]).includes(value ?? '');
