/**
 * The countries a phone number may belong to (spec 002 "Phone country list"): about 32, CH first
 * by default. `code` is the calling code, shown beside the input and never edited; `mask` holds
 * one pattern per length of national number (# is a digit, anything else is written as is),
 * chosen by `phoneMask`. `trunkPrefix` is the digit people type before a national number at home
 * (0 in most of Europe), which is not part of the international number.
 */
export interface PhoneCountry {
  /** English name; screens show the name in the user's language (Intl.DisplayNames on `iso`). */
  name: string;
  code: string;
  iso: PhoneCountryIso;
  flag: string;
  mask: readonly string[];
  trunkPrefix: string | null;
}

export const PHONE_COUNTRY_ISOS = [
  'CH', 'LI', 'FR', 'DE', 'AT', 'IT', 'ES', 'PT', 'BE', 'NL', 'LU', 'MC', 'GB', 'IE', 'DK', 'SE',
  'NO', 'FI', 'PL', 'CZ', 'HU', 'GR', 'TR', 'US', 'CA', 'MA', 'DZ', 'TN', 'EG', 'AE', 'SA', 'QA',
] as const;
export type PhoneCountryIso = (typeof PHONE_COUNTRY_ISOS)[number];

export const DEFAULT_PHONE_COUNTRY: PhoneCountryIso = 'CH';

/** The flag emoji of a two-letter ISO code: its letters as regional indicator symbols. */
export function flagOf(iso: string): string {
  return String.fromCodePoint(...[...iso.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

type Entry = [iso: PhoneCountryIso, name: string, code: string, mask: string[], trunkPrefix: string | null];

const ENTRIES: Entry[] = [
  ['CH', 'Switzerland', '+41', ['## ### ## ##'], '0'],
  ['LI', 'Liechtenstein', '+423', ['### ## ##', '### ### ###'], null],
  ['FR', 'France', '+33', ['# ## ## ## ##'], '0'],
  ['DE', 'Germany', '+49', ['### ######', '### #######', '### ########', '#### ########'], '0'],
  ['AT', 'Austria', '+43', ['### ######', '### #######', '### ########', '### #########'], '0'],
  ['IT', 'Italy', '+39', ['### ### ###', '### ### ####', '### #### ####'], null],
  ['ES', 'Spain', '+34', ['### ### ###'], null],
  ['PT', 'Portugal', '+351', ['### ### ###'], null],
  ['BE', 'Belgium', '+32', ['## ## ## ##', '### ## ## ##'], '0'],
  ['NL', 'Netherlands', '+31', ['# ## ## ## ##'], '0'],
  ['LU', 'Luxembourg', '+352', ['### ###', '## ## ## ##', '### ### ###'], null],
  ['MC', 'Monaco', '+377', ['## ## ## ##', '# ## ## ## ##'], null],
  ['GB', 'United Kingdom', '+44', ['#### ######'], '0'],
  ['IE', 'Ireland', '+353', ['## ### ####'], '0'],
  ['DK', 'Denmark', '+45', ['## ## ## ##'], null],
  ['SE', 'Sweden', '+46', ['## ### ##', '## ### ###', '## ### ## ##'], '0'],
  ['NO', 'Norway', '+47', ['### ## ###'], null],
  ['FI', 'Finland', '+358', ['## ### ###', '## ### ####', '## ### #####'], '0'],
  ['PL', 'Poland', '+48', ['### ### ###'], null],
  ['CZ', 'Czechia', '+420', ['### ### ###'], null],
  ['HU', 'Hungary', '+36', ['## ### ###', '## ### ####'], '06'],
  ['GR', 'Greece', '+30', ['### ### ####'], null],
  ['TR', 'Türkiye', '+90', ['### ### ## ##'], '0'],
  ['US', 'United States', '+1', ['(###) ###-####'], '1'],
  ['CA', 'Canada', '+1', ['(###) ###-####'], '1'],
  ['MA', 'Morocco', '+212', ['# ## ## ## ##'], '0'],
  ['DZ', 'Algeria', '+213', ['## ## ## ##', '### ## ## ##'], '0'],
  ['TN', 'Tunisia', '+216', ['## ### ###'], null],
  ['EG', 'Egypt', '+20', ['# #### ####', '## #### ####'], '0'],
  ['AE', 'United Arab Emirates', '+971', ['# ### ####', '## ### ####'], '0'],
  ['SA', 'Saudi Arabia', '+966', ['## ### ####'], '0'],
  ['QA', 'Qatar', '+974', ['#### ####'], null],
];

export const PHONE_COUNTRIES: readonly PhoneCountry[] = /* @__PURE__ */ ENTRIES.map(([iso, name, code, mask, trunkPrefix]) =>
  Object.freeze({ iso, name, code, mask: Object.freeze(mask), trunkPrefix, flag: flagOf(iso) }),
);

export function isPhoneCountryIso(value: unknown): value is PhoneCountryIso {
  return typeof value === 'string' && (PHONE_COUNTRY_ISOS as readonly string[]).includes(value);
}

/** The entry of a listed country; the default country's for anything else. */
export function phoneCountry(iso: string): PhoneCountry {
  return PHONE_COUNTRIES.find((c) => c.iso === iso) ?? PHONE_COUNTRIES[0]!;
}
