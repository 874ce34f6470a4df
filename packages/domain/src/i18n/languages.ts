import type { DateFormat } from '../format/formatDate.ts';

export const LANGUAGES = ['fr', 'en', 'it', 'ar', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Language of a new (onboarding) user. */
export const DEFAULT_LANGUAGE: Language = 'fr';
/** Language whose text is shown when a key is missing in the user's language. */
export const FALLBACK_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];
export const DEFAULT_DATE_FORMAT: DateFormat = 'DD/MM/YYYY';
/** Project name under which the translation service stores the texts. */
export const TRANSLATION_PROJECT = 'retail';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isRtl(lang: string): boolean {
  return isLanguage(lang) && RTL_LANGUAGES.includes(lang);
}
