import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES, PHONE_COUNTRY_ISOS, flagOf, phoneCountry } from './phoneCountries.ts';
import {
  applyPhoneMask,
  draftToE164,
  e164ToDraft,
  normalizePhone,
  phoneCanReceiveSms,
  phoneDraftError,
  phoneError,
  phoneMask,
  phonePlaceholder,
  readPhoneInput,
} from './phoneNumber.ts';

describe('the phone country list', () => {
  it('lists about 32 countries once each, CH by default, each with a flag, a calling code and masks', () => {
    expect(PHONE_COUNTRIES).toHaveLength(32);
    expect(new Set(PHONE_COUNTRIES.map((c) => c.iso)).size).toBe(32);
    expect(DEFAULT_PHONE_COUNTRY).toBe('CH');
    expect(PHONE_COUNTRIES[0]).toMatchObject({ iso: 'CH', code: '+41', flag: '🇨🇭', name: 'Switzerland' });
    for (const c of PHONE_COUNTRIES) {
      expect(c.code).toMatch(/^\+[1-9]\d{0,2}$/);
      expect(c.flag).toBe(flagOf(c.iso));
      expect(c.mask.length).toBeGreaterThan(0);
      for (const mask of c.mask) expect(mask).toMatch(/#/);
    }
  });

  it.each(PHONE_COUNTRY_ISOS.map((iso) => [iso]))('%s: the placeholder reads through its own mask', (iso) => {
    const country = phoneCountry(iso);
    const placeholder = phonePlaceholder(country);
    expect(applyPhoneMask(country, placeholder.replace(/\D/g, ''))).toBe(placeholder);
  });

  it('falls back to the default country for an unlisted code', () => {
    expect(phoneCountry('XX').iso).toBe('CH');
  });
});

describe('applyPhoneMask', () => {
  it.each([
    ['CH', '', ''],
    ['CH', '7', '7'],
    ['CH', '79', '79'],
    ['CH', '791', '79 1'],
    ['CH', '791234567', '79 123 45 67'],
    ['CH', '7912345678', '79 123 45 678'], // one digit too many stays visible
    ['FR', '612345678', '6 12 34 56 78'],
    ['US', '2', '(2'],
    ['US', '2015550123', '(201) 555-0123'],
    ['DE', '15123456789', '151 23456789'],
    ['DE', '30123456', '301 23456'],
    ['BE', '21234567', '21 23 45 67'],
    ['BE', '470123456', '470 12 34 56'],
  ] as const)('%s %s → %j', (iso, digits, expected) => {
    expect(applyPhoneMask(phoneCountry(iso), digits)).toBe(expected);
  });

  it('picks the first mask that holds the digits, else the longest', () => {
    const be = phoneCountry('BE');
    expect(phoneMask(be, 8)).toBe('## ## ## ##');
    expect(phoneMask(be, 9)).toBe('### ## ## ##');
    expect(phoneMask(be, 12)).toBe('### ## ## ##');
  });
});

describe('readPhoneInput', () => {
  it.each([
    ['79 123 45 67', 'CH', { iso: 'CH', digits: '791234567' }],
    ['079 123 45 67', 'CH', { iso: 'CH', digits: '791234567' }], // trunk prefix dropped
    ['0', 'CH', { iso: 'CH', digits: '' }],
    ['02 1234 5678', 'IT', { iso: 'IT', digits: '0212345678' }], // Italy keeps its leading 0
    ['+33 6 12 34 56 78', 'CH', { iso: 'FR', digits: '612345678' }],
    ['0033612345678', 'CH', { iso: 'FR', digits: '612345678' }],
    ['+336', 'CH', { iso: 'FR', digits: '6' }], // a number still being typed
    ['+1 204 234 5678', 'CH', { iso: 'CA', digits: '2042345678' }],
    ['+1 5', 'CA', { iso: 'CA', digits: '5' }],
    ['+1 5', 'CH', { iso: 'US', digits: '5' }],
    ['+86 138 0013 8000', 'CH', { iso: 'CH', digits: '' }], // China is not listed
    ['(079) 123-45-67 ext', 'CH', { iso: 'CH', digits: '791234567' }],
    ['06 20 123 4567', 'HU', { iso: 'HU', digits: '201234567' }],
    ['1234567890123456789', 'CH', { iso: 'CH', digits: '1234567890123' }], // 15 digits with +41
  ] as const)('%j typed in %s → %j', (text, iso, expected) => {
    expect(readPhoneInput(text, iso)).toEqual(expected);
  });
});

describe('E.164 and validity', () => {
  it.each([
    [{ iso: 'CH', digits: '791234567' }, '+41791234567'],
    [{ iso: 'CH', digits: '79123456' }, null],
    [{ iso: 'CH', digits: '' }, null],
    [{ iso: 'IT', digits: '0212345678' }, '+390212345678'],
    [{ iso: 'US', digits: '2042345678' }, null], // a Canadian number is not a US one
    [{ iso: 'CA', digits: '2042345678' }, '+12042345678'],
    [{ iso: 'AE', digits: '501234567' }, '+971501234567'],
    [{ iso: 'MA', digits: '612345678' }, '+212612345678'],
  ] as const)('%j → %s', (draft, expected) => {
    expect(draftToE164(draft)).toBe(expected);
    expect(phoneDraftError(draft)).toBe(expected || draft.digits === '' ? null : 'errors.invalidPhone');
  });

  it.each([
    ['+41791234567', { iso: 'CH', digits: '791234567' }],
    ['+12042345678', { iso: 'CA', digits: '2042345678' }],
    [null, { iso: 'CH', digits: '' }],
    ['', { iso: 'CH', digits: '' }],
  ] as const)('stored %j opens as %j', (value, expected) => {
    expect(e164ToDraft(value)).toEqual(expected);
  });

  it.each([
    ['', ''],
    ['  ', ''],
    ['+41791234567', '+41791234567'],
    ['+41 79 123 45 67', '+41791234567'],
    ['+41 (79) 123-45-67', '+41791234567'],
    ['+4179123456', null], // too short
    ['0791234567', null], // national: the server cannot know the country
    ['+8613800138000', null], // valid, but China is not listed
    ['+41791234567<script>', null],
    ['hello', null],
  ])('the server reads %j as %j', (value, expected) => {
    expect(normalizePhone(value)).toBe(expected);
    expect(phoneError(value)).toBe(expected === null ? 'errors.invalidPhone' : null);
  });

  it.each([
    ['+41791234567', true],
    ['+41223456789', false], // a Geneva fixed line
    ['+12015550123', true], // US ranges mix fixed and mobile
  ])('%s can receive a text message: %s', (value, expected) => {
    expect(phoneCanReceiveSms(value)).toBe(expected);
  });
});
