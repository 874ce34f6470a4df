import { describe, expect, it } from 'vitest';
import { contactChangeError, isOtpContact, lockedContact, twoFactorMethodAfter, twoFactorMethods } from './twoFactorContact.ts';

describe('the two-factor contact rule (spec 000 §4)', () => {
  it.each([
    ['email', 'email'],
    ['phone', 'phone'],
    [null, null],
    [undefined, null],
    ['sms', null],
  ] as const)('otpContact %j locks %j', (otpContact, locked) => {
    expect(lockedContact(otpContact)).toBe(locked);
    expect(isOtpContact(otpContact)).toBe(locked !== null);
  });

  it.each([
    // field, from, to, otpContact, expected
    ['phone', '+41791234567', '+41797654321', 'phone', 'errors.twoFactorContactLocked'],
    ['phone', '+41791234567', '', 'phone', 'errors.twoFactorContactLocked'],
    ['phone', '+41791234567', '+41791234567', 'phone', null],
    ['phone', '+41791234567', '+41797654321', 'email', null],
    ['phone', '+41791234567', '+41797654321', null, null],
    ['email', 'a@acme.test', 'b@acme.test', 'email', 'errors.twoFactorContactLocked'],
    ['email', 'a@acme.test', 'b@acme.test', 'phone', null],
    ['email', null, '', 'email', null],
  ] as const)('%s %j → %j with two-factor by %j: %j', (field, from, to, otpContact, expected) => {
    expect(contactChangeError(field, { from, to }, otpContact)).toBe(expected);
  });

  it.each([
    // enabled, current, phoneValid, expected
    [true, null, false, 'email'],
    [true, null, true, 'email'],
    [true, 'phone', true, 'phone'],
    [true, 'phone', false, 'email'],
    [false, 'phone', true, null],
    [false, 'email', true, null],
  ] as const)('ticked %s from %j with a valid phone %s → %j', (enabled, current, phoneValid, expected) => {
    expect(twoFactorMethodAfter(enabled, current, phoneValid)).toBe(expected);
  });

  it('offers the phone only when a valid phone is entered', () => {
    expect(twoFactorMethods(false)).toEqual(['email']);
    expect(twoFactorMethods(true)).toEqual(['email', 'phone']);
  });
});
