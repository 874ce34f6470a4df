import { describe, expect, it } from 'vitest';
import {
  addressError,
  emailError,
  languageError,
  nameError,
  organizationNameError,
  passwordConfirmationError,
  passwordError,
  profileImageError,
  PROFILE_IMAGE_MAX_BYTES,
} from './userFields.ts';

describe('nameError', () => {
  it.each([
    ['Jean', 'firstName', null],
    ['Élodie', 'firstName', null],
    ['Müller', 'lastName', null],
    ['Straße', 'lastName', null],
    ['محمد', 'firstName', null],
    ['مُحَمَّد', 'firstName', null], // with vowel marks
    ['E\u0301lodie', 'firstName', null], // decomposed accent
    ['Van der Berg', 'lastName', null],
    ['李', 'lastName', null],
    ['', 'firstName', 'errors.emptyFirstName'],
    ['   ', 'lastName', 'errors.emptyLastName'],
    ['Jean-Pierre', 'firstName', null],
    ['-Jean', 'firstName', 'errors.onlyLetters'],
    ["O'Brien", 'lastName', null],
    ['Anna  2', 'lastName', 'errors.onlyLetters'],
    ['R2D2', 'firstName', 'errors.onlyLetters'],
    ['<script>', 'lastName', 'errors.onlyLetters'],
    ['a'.repeat(80), 'lastName', null],
    ['a'.repeat(81), 'lastName', 'errors.tooLong'],
  ] as const)('%j as %s → %s', (value, field, expected) => {
    expect(nameError(value, field)).toBe(expected);
  });
});

describe('emailError', () => {
  it.each([
    ['anna@example.com', null],
    ['anna.smith+alerts@mail.example.co.uk', null],
    ['  anna@example.com ', null],
    ['', 'errors.emptyEmail'],
    ['  ', 'errors.emptyEmail'],
    ['anna', 'errors.invalidEmail'],
    ['anna@example', 'errors.invalidEmail'],
    ['anna@@example.com', 'errors.invalidEmail'],
    ['an na@example.com', 'errors.invalidEmail'],
    ['anna@example..com', 'errors.invalidEmail'],
    ['@example.com', 'errors.invalidEmail'],
  ])('%j → %s', (value, expected) => {
    expect(emailError(value)).toBe(expected);
  });
});

describe('passwordError', () => {
  it.each([
    ['', 'errors.requiredField'],
    ['a1!', 'errors.passwordLength'],
    ['abcde1!', 'errors.passwordLength'],
    ['abcdefgh', 'errors.passwordPolicy'],
    ['abcdefg1', 'errors.passwordPolicy'],
    ['abcdefg!', 'errors.passwordPolicy'],
    ['abcdef1!', null],
    ['12345678!', null],
    ['mot de passe 1', null], // a space is a non-alphanumeric character
    ['pässwörd1€', null],
    ['😀😀😀😀😀😀1!', null], // eight characters even though more UTF-16 units
  ])('%j → %s', (value, expected) => {
    expect(passwordError(value)).toBe(expected);
  });
});

describe('passwordConfirmationError', () => {
  it.each([
    ['abcdef1!', 'abcdef1!', null],
    ['abcdef1!', '', 'errors.requiredField'],
    ['abcdef1!', 'abcdef1?', 'errors.passwordsNotEqual'],
    ['abcdef1!', 'abcdef1! ', 'errors.passwordsNotEqual'],
  ])('%j / %j → %s', (password, confirmation, expected) => {
    expect(passwordConfirmationError(password, confirmation)).toBe(expected);
  });
});

describe('organizationNameError, languageError, profileImageError', () => {
  it.each([
    ['Acme Retail', null],
    ['', 'errors.organizationNameEmpty'],
    ['   ', 'errors.organizationNameEmpty'],
    ['x'.repeat(120), null],
    ['x'.repeat(121), 'errors.tooLong'],
  ])('organization %j → %s', (value, expected) => {
    expect(organizationNameError(value)).toBe(expected);
  });

  it.each([
    ['', null],
    ['Rue du Rhône 48\n1204 Genève', null],
    ['x'.repeat(301), 'errors.tooLong'],
  ])('address %j → %s', (value, expected) => {
    expect(addressError(value)).toBe(expected);
  });

  it.each([
    ['fr', ['fr', 'en'], null],
    ['', ['fr', 'en'], 'errors.requiredField'],
    ['de', ['fr', 'en'], 'errors.invalidLanguage'],
    ['FR', ['fr', 'en'], 'errors.invalidLanguage'],
  ])('language %j among %j → %s', (value, allowed, expected) => {
    expect(languageError(value, allowed)).toBe(expected);
  });

  it.each([
    [0, null],
    [PROFILE_IMAGE_MAX_BYTES, null],
    [PROFILE_IMAGE_MAX_BYTES + 1, 'errors.imageTooBig'],
  ])('image of %d bytes → %s', (size, expected) => {
    expect(profileImageError(size)).toBe(expected);
  });
});
