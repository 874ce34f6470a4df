import type { FieldError } from '../validation/userFields.ts';

/** How the one-time sign-in code reaches a user (`otpContact`); null or absent: two-factor is off. */
export const OTP_CONTACTS = ['email', 'phone'] as const;
export type OtpContact = (typeof OTP_CONTACTS)[number];

export function isOtpContact(value: unknown): value is OtpContact {
  return typeof value === 'string' && (OTP_CONTACTS as readonly string[]).includes(value);
}

/** Every two-factor method: a code sent by e-mail or SMS, or an authenticator app (TOTP). */
export const TWO_FACTOR_METHODS = [...OTP_CONTACTS, 'totp'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

export function isTwoFactorMethod(value: unknown): value is TwoFactorMethod {
  return typeof value === 'string' && (TWO_FACTOR_METHODS as readonly string[]).includes(value);
}

/** One-time recovery codes per set, and their shape: 10 letters or digits, shown as xxxxx-xxxxx. */
export const RECOVERY_CODE_COUNT = 10;
export function normalizeRecoveryCode(value: string): string | null {
  const v = value.trim().toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z2-7]{10}$/.test(v) ? v : null;
}

/**
 * Spec 000 §4: the contact used for two-factor cannot be edited until another method is chosen
 * or two-factor is off. The locked field, or null when both can change.
 */
export function lockedContact(otpContact: string | null | undefined): OtpContact | null {
  return isOtpContact(otpContact) ? otpContact : null;
}

/** Refuses a change of the two-factor contact; the same value (or a field not locked) passes. */
export function contactChangeError(
  field: OtpContact,
  change: { from: string | null | undefined; to: string | null | undefined },
  otpContact: string | null | undefined,
): FieldError | null {
  if (lockedContact(otpContact) !== field) return null;
  return (change.from ?? '') === (change.to ?? '') ? null : 'errors.twoFactorContactLocked';
}

/** The methods a user may pick (spec 000 §4): e-mail always, phone only with a valid phone entered. */
export function twoFactorMethods(phoneValid: boolean): OtpContact[] {
  return phoneValid ? ['email', 'phone'] : ['email'];
}

/**
 * The method after the two-factor box is ticked or unticked, or the phone's validity changed:
 * ticking picks e-mail, unticking clears, and phone falls back to e-mail once the phone is not valid.
 */
export function twoFactorMethodAfter(enabled: boolean, current: OtpContact | null, phoneValid: boolean): OtpContact | null {
  if (!enabled) return null;
  if (current === null) return 'email';
  return twoFactorMethods(phoneValid).includes(current) ? current : 'email';
}
