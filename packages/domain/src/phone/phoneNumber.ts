import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { FieldError } from '../validation/userFields.ts';
import { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES, type PhoneCountry, type PhoneCountryIso, isPhoneCountryIso, phoneCountry } from './phoneCountries.ts';

/**
 * Phone numbers (spec 000 §5): optional, valid, international, from the listed countries only.
 * A number is stored and sent in E.164 (`+41791234567`); while typed it is a draft of a country
 * and its national digits, shown through the country's mask. Validity is libphonenumber-js's
 * (full metadata), the same on server and web.
 */
export interface PhoneDraft {
  iso: PhoneCountryIso;
  /** The national significant number's digits, without calling code or trunk prefix. */
  digits: string;
}

export const EMPTY_PHONE: PhoneDraft = /* @__PURE__ */ Object.freeze({ iso: DEFAULT_PHONE_COUNTRY, digits: '' });

// E.164 numbers have at most 15 digits, calling code included.
const E164_MAX_DIGITS = 15;
const E164 = /^\+[1-9]\d{1,14}$/;

const onlyDigits = (text: string) => text.replace(/\D/g, '');
const capacity = (mask: string) => [...mask].filter((c) => c === '#').length;
const maxDigits = (country: PhoneCountry) => E164_MAX_DIGITS - onlyDigits(country.code).length;

/** The pattern for a national number of `digitCount` digits: the first that holds them all, else the longest. */
export function phoneMask(country: PhoneCountry, digitCount: number): string {
  return country.mask.find((mask) => capacity(mask) >= digitCount) ?? country.mask[country.mask.length - 1]!;
}

/** '791234567' in CH reads '79 123 45 67'. Digits past the mask follow it, so a wrong length stays visible. */
export function applyPhoneMask(country: PhoneCountry, digits: string): string {
  if (digits === '') return '';
  let out = '';
  let next = 0;
  for (const symbol of phoneMask(country, digits.length)) {
    if (next >= digits.length) break;
    if (symbol === '#') out += digits[next++];
    else out += symbol;
  }
  return next < digits.length ? `${out}${digits.slice(next)}` : out;
}

/** An example of the mask, for a placeholder: digits 0-9 in turn. */
export function phonePlaceholder(country: PhoneCountry): string {
  let n = 0;
  return country.mask[country.mask.length - 1]!.replace(/#/g, () => String(n++ % 10));
}

/** The listed country whose calling code starts these international digits (the current one first, for +1). */
function countryOfDigits(digits: string, current: PhoneCountryIso): PhoneCountry | undefined {
  const matches = PHONE_COUNTRIES.filter((c) => digits.startsWith(onlyDigits(c.code)));
  const longest = Math.max(0, ...matches.map((c) => c.code.length));
  const best = matches.filter((c) => c.code.length === longest);
  return best.find((c) => c.iso === current) ?? best[0];
}

/**
 * What was typed or pasted into the national field. `+33 6 12…` or `0033 6 12…` switches to a
 * listed country; the trunk prefix people dial at home (`079…` in CH) is dropped; digits past
 * E.164's 15 are cut.
 */
export function readPhoneInput(text: string, iso: PhoneCountryIso): PhoneDraft {
  const trimmed = text.trim();
  if (trimmed.startsWith('+') || trimmed.startsWith('00')) {
    const digits = onlyDigits(trimmed).replace(/^00/, '');
    const parsed = parsePhoneNumberFromString(`+${digits}`);
    if (parsed?.country && isPhoneCountryIso(parsed.country)) return { iso: parsed.country, digits: parsed.nationalNumber };
    const country = countryOfDigits(digits, iso);
    if (country) return national(country, digits.slice(onlyDigits(country.code).length));
    return { iso, digits: '' };
  }
  return national(phoneCountry(iso), onlyDigits(trimmed));
}

function national(country: PhoneCountry, digits: string): PhoneDraft {
  const trunk = country.trunkPrefix;
  const stripped = trunk && digits.startsWith(trunk) ? digits.slice(trunk.length) : digits;
  return { iso: country.iso, digits: stripped.slice(0, maxDigits(country)) };
}

/** The E.164 form of a draft, or null while it is not a valid number of its country. */
export function draftToE164(draft: PhoneDraft): string | null {
  if (draft.digits === '') return null;
  const parsed = parsePhoneNumberFromString(`${phoneCountry(draft.iso).code}${draft.digits}`);
  return parsed?.isValid() && parsed.country === draft.iso ? parsed.number : null;
}

/** The draft of a stored number: its listed country and national digits; empty in the default country for none. */
export function e164ToDraft(value: string | null | undefined): PhoneDraft {
  if (!value) return EMPTY_PHONE;
  const parsed = parsePhoneNumberFromString(value);
  if (parsed?.country && isPhoneCountryIso(parsed.country)) return { iso: parsed.country, digits: parsed.nationalNumber };
  return readPhoneInput(value, DEFAULT_PHONE_COUNTRY);
}

/** The form's rule for a draft: empty is fine (the phone is optional), anything else must be valid. */
export function phoneDraftError(draft: PhoneDraft): FieldError | null {
  if (draft.digits === '') return null;
  return draftToE164(draft) ? null : 'errors.invalidPhone';
}

/**
 * The server's reading of a phone sent by a client: '' for none, the E.164 number of a listed
 * country, or null when it is neither (not a number, not valid, or of a country not listed).
 */
export function normalizePhone(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  if (!E164.test(trimmed.replace(/[\s().-]/g, ''))) return null;
  const parsed = parsePhoneNumberFromString(trimmed);
  if (!parsed?.isValid() || !parsed.country || !isPhoneCountryIso(parsed.country)) return null;
  return parsed.number;
}

/** One rule for both sides: '' or a valid international number of a listed country. */
export function phoneError(value: string): FieldError | null {
  return normalizePhone(value) === null ? 'errors.invalidPhone' : null;
}

/** Whether a text message can reach the number (mobile, or a plan where mobiles and fixed lines share ranges). */
export function phoneCanReceiveSms(e164: string): boolean {
  const type = parsePhoneNumberFromString(e164)?.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}

/**
 * A number as someone wrote it, national (read in `country`) or international, in E.164 for an SMS
 * provider; null when it is not a valid number.
 */
export function toE164(raw: string, country: PhoneCountryIso = DEFAULT_PHONE_COUNTRY): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), country);
  return parsed?.isValid() ? parsed.number : null;
}
