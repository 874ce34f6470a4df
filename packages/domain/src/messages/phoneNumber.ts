import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';

/** Country assumed for a number written without its calling code (spec 002: CH first). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'CH';

/**
 * The number in E.164 (+41791234567), the form SMS providers take, or null when it is not a
 * possible phone number. A national number is read in `country`.
 */
export function toE164(raw: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), country);
  return parsed?.isValid() ? parsed.number : null;
}
