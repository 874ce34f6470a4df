import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages.ts';
import {
  EMPTY_ONBOARDING,
  type OnboardingData,
  type OnboardingStep,
  canOpenStep,
  confirmedSteps,
  firstIncompleteStepBefore,
  onboardingCompletion,
  onboardingStepErrors,
} from './onboardingWizard.ts';

const complete: OnboardingData = { ...EMPTY_ONBOARDING, firstName: 'Zoé', lastName: 'Keller', passwordNew: 'Brand#New42', passwordConfirmation: 'Brand#New42' };
const confirmed = (data: OnboardingData) => confirmedSteps(data, LANGUAGES);

describe('onboarding wizard rules', () => {
  it('defaults the language to fr and checks each step’s fields with the shared rules', () => {
    expect(EMPTY_ONBOARDING.language).toBe('fr');
    expect(onboardingStepErrors('about', EMPTY_ONBOARDING, LANGUAGES).map((e) => e.error)).toEqual(['errors.emptyFirstName', 'errors.emptyLastName']);
    expect(onboardingStepErrors('about', { ...complete, firstName: 'Zo3', phone: { iso: 'CH', digits: '12' } }, LANGUAGES)).toEqual([
      { field: 'firstName', error: 'errors.onlyLetters' },
      { field: 'phone', error: 'errors.invalidPhone' },
    ]);
    expect(onboardingStepErrors('password', { ...complete, passwordConfirmation: 'other#Pass1' }, LANGUAGES)).toEqual([{ field: 'passwordConfirmation', error: 'errors.passwordsNotEqual' }]);
    expect(onboardingStepErrors('profile-settings', { ...complete, language: 'pt' }, LANGUAGES)).toEqual([{ field: 'language', error: 'errors.invalidLanguage' }]);
    expect(onboardingStepErrors('security', { ...complete, twoFactorVerificationMethod: 'phone' }, LANGUAGES)).toEqual([{ field: 'twoFactorVerificationMethod', error: 'errors.invalidPhone' }]);
    expect(onboardingStepErrors('org-settings', EMPTY_ONBOARDING, LANGUAGES)).toEqual([]);
  });

  it('opens earlier steps, the next one once the current is confirmed, and any once all are', () => {
    const empty = confirmed(EMPTY_ONBOARDING);
    const at = (target: OnboardingStep, current: OnboardingStep, c = empty) => canOpenStep(target, current, c);
    expect(at('org-settings', 'password')).toBe(true);
    expect(at('about', 'org-settings')).toBe(true);
    expect(at('password', 'about')).toBe(false);
    expect(at('password', 'about', confirmed({ ...EMPTY_ONBOARDING, firstName: 'A', lastName: 'B' }))).toBe(true);
    expect(at('security', 'about', confirmed({ ...EMPTY_ONBOARDING, firstName: 'A', lastName: 'B' }))).toBe(false);
    expect(at('security', 'org-settings', confirmed(complete))).toBe(true);
  });

  it('sends a load to the first earlier step with required fields that is incomplete', () => {
    expect(firstIncompleteStepBefore('security', confirmed(EMPTY_ONBOARDING))).toBe('about');
    expect(firstIncompleteStepBefore('security', confirmed({ ...complete, passwordNew: '' }))).toBe('password');
    expect(firstIncompleteStepBefore('about', confirmed(EMPTY_ONBOARDING))).toBeNull();
    expect(firstIncompleteStepBefore('security', confirmed(complete))).toBeNull();
  });

  it('completes by a texted code for phone, by setting the contact for e-mail, directly otherwise', () => {
    expect(onboardingCompletion('phone')).toBe('phoneCode');
    expect(onboardingCompletion('email')).toBe('emailContact');
    expect(onboardingCompletion(null)).toBe('direct');
  });
});
