/**
 * Field rules for users, onboarding and the organization (spec 000 §5). Each returns a
 * translation key the web app renders, or null when the value is valid; the server returns
 * the same key as its error code.
 */
export type FieldError = string;

export const PASSWORD_MIN_LENGTH = 8;
export const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024;
/** Upper bounds the spec leaves open (docs/decisions.md), counted in characters. */
export const NAME_MAX_LENGTH = 80;
export const ORGANIZATION_NAME_MAX_LENGTH = 120;
export const ADDRESS_MAX_LENGTH = 300;

const isBlank = (value: string): boolean => value.trim() === '';
const longerThan = (value: string, max: number): boolean => [...value.trim()].length > max;

// Letters of any script plus their combining marks (decomposed accents, Arabic vowel signs).
// Letters and whitespace (spec), plus the hyphen and apostrophes that real names carry (Jean-Pierre, O'Brien).
const LETTERS_AND_SPACES = /^[\p{L}\p{M}\s]+(?:[-'’][\p{L}\p{M}\s]+)*$/u;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/u;
const DIGIT = /\p{Nd}/u;
const NON_ALPHANUMERIC = /[^\p{L}\p{M}\p{N}]/u;

/** Required; only letters and whitespace, so hyphens and apostrophes are refused. */
export function nameError(value: string, field: 'firstName' | 'lastName'): FieldError | null {
  if (isBlank(value)) return field === 'firstName' ? 'errors.emptyFirstName' : 'errors.emptyLastName';
  if (longerThan(value, NAME_MAX_LENGTH)) return 'errors.tooLong';
  return LETTERS_AND_SPACES.test(value) ? null : 'errors.onlyLetters';
}

/** Checked on the trimmed value; callers store the trimmed address. */
export function emailError(value: string): FieldError | null {
  if (isBlank(value)) return 'errors.emptyEmail';
  return EMAIL.test(value.trim()) ? null : 'errors.invalidEmail';
}

/** Minimum length counted in characters (code points), then at least one digit and one symbol. */
export function passwordError(value: string): FieldError | null {
  if (value === '') return 'errors.requiredField';
  if ([...value].length < PASSWORD_MIN_LENGTH) return 'errors.passwordLength';
  return DIGIT.test(value) && NON_ALPHANUMERIC.test(value) ? null : 'errors.passwordPolicy';
}

export function passwordConfirmationError(password: string, confirmation: string): FieldError | null {
  if (confirmation === '') return 'errors.requiredField';
  return password === confirmation ? null : 'errors.passwordsNotEqual';
}

export function organizationNameError(value: string): FieldError | null {
  if (isBlank(value)) return 'errors.organizationNameEmpty';
  return longerThan(value, ORGANIZATION_NAME_MAX_LENGTH) ? 'errors.tooLong' : null;
}

/** Optional, on one or several lines. */
export function addressError(value: string): FieldError | null {
  return longerThan(value, ADDRESS_MAX_LENGTH) ? 'errors.tooLong' : null;
}

export function languageError(value: string, allowed: readonly string[]): FieldError | null {
  if (isBlank(value)) return 'errors.requiredField';
  return allowed.includes(value) ? null : 'errors.invalidLanguage';
}

export function profileImageError(sizeBytes: number): FieldError | null {
  return sizeBytes > PROFILE_IMAGE_MAX_BYTES ? 'errors.imageTooBig' : null;
}
