import { DEFAULT_LANGUAGE } from '../i18n/languages.ts';
import { type PhoneDraft, EMPTY_PHONE, phoneDraftError } from '../phone/phoneNumber.ts';
import type { OtpContact } from '../users/twoFactorContact.ts';
import { type FieldError, languageError, nameError, passwordConfirmationError, passwordError } from '../validation/userFields.ts';

/** The wizard's steps in order (spec 000 §2, five-step reading). */
export const ONBOARDING_STEPS = ['org-settings', 'about', 'password', 'profile-settings', 'security'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const isOnboardingStep = (value: string | undefined): value is OnboardingStep => (ONBOARDING_STEPS as readonly string[]).includes(value ?? '');

/** Onboarding user data (spec 000 §3) that the user enters; the organization name and e-mail are read-only. */
export interface OnboardingData {
  firstName: string;
  lastName: string;
  phone: PhoneDraft;
  language: string;
  passwordNew: string;
  passwordConfirmation: string;
  twoFactorVerificationMethod: OtpContact | null;
}

export const EMPTY_ONBOARDING: OnboardingData = Object.freeze({
  firstName: '',
  lastName: '',
  phone: EMPTY_PHONE,
  language: DEFAULT_LANGUAGE,
  passwordNew: '',
  passwordConfirmation: '',
  twoFactorVerificationMethod: null,
});

/** Steps whose fields must be valid before the account can be created. */
export const STEPS_WITH_REQUIRED_FIELDS: readonly OnboardingStep[] = ['about', 'password', 'profile-settings'];

/** The field errors of one step, in the order of its fields (empty when the step is valid). */
export function onboardingStepErrors(step: OnboardingStep, data: OnboardingData, allowedLanguages: readonly string[]): Array<{ field: keyof OnboardingData; error: FieldError }> {
  const checks: Array<[keyof OnboardingData, FieldError | null]> =
    step === 'about'
      ? [
          ['firstName', nameError(data.firstName, 'firstName')],
          ['lastName', nameError(data.lastName, 'lastName')],
          ['phone', phoneDraftError(data.phone)],
        ]
      : step === 'password'
        ? [
            ['passwordNew', passwordError(data.passwordNew)],
            ['passwordConfirmation', passwordConfirmationError(data.passwordNew, data.passwordConfirmation)],
          ]
        : step === 'profile-settings'
          ? [['language', languageError(data.language, allowedLanguages)]]
          : step === 'security'
            ? [['twoFactorVerificationMethod', data.twoFactorVerificationMethod === 'phone' && (data.phone.digits === '' || phoneDraftError(data.phone)) ? 'errors.invalidPhone' : null]]
            : [];
  return checks.filter((c): c is [keyof OnboardingData, FieldError] => c[1] !== null).map(([field, error]) => ({ field, error }));
}

/** Which steps are confirmed (their form is valid; the confirm button is active). */
export function confirmedSteps(data: OnboardingData, allowedLanguages: readonly string[]): Record<OnboardingStep, boolean> {
  return Object.fromEntries(ONBOARDING_STEPS.map((s) => [s, onboardingStepErrors(s, data, allowedLanguages).length === 0])) as Record<OnboardingStep, boolean>;
}

/**
 * Spec 000 §2: a step can be clicked if it is before the current one, or it is the next one and
 * the current step is confirmed, or all steps are confirmed.
 */
export function canOpenStep(target: OnboardingStep, current: OnboardingStep, confirmed: Record<OnboardingStep, boolean>): boolean {
  const t = ONBOARDING_STEPS.indexOf(target);
  const c = ONBOARDING_STEPS.indexOf(current);
  if (t <= c) return true;
  if (t === c + 1 && confirmed[current]) return true;
  return ONBOARDING_STEPS.every((s) => confirmed[s]);
}

/**
 * Spec 000 §2: on load, the first earlier step with required fields whose data is invalid (the
 * user is sent there), or null when every earlier step is complete.
 */
export function firstIncompleteStepBefore(current: OnboardingStep, confirmed: Record<OnboardingStep, boolean>): OnboardingStep | null {
  const c = ONBOARDING_STEPS.indexOf(current);
  return ONBOARDING_STEPS.slice(0, c).find((s) => STEPS_WITH_REQUIRED_FIELDS.includes(s) && !confirmed[s]) ?? null;
}

/** Spec 000 §4: how the account is created once the last step is confirmed. */
export type OnboardingCompletion = 'phoneCode' | 'emailContact' | 'direct';
export function onboardingCompletion(method: OtpContact | null): OnboardingCompletion {
  return method === 'phone' ? 'phoneCode' : method === 'email' ? 'emailContact' : 'direct';
}
