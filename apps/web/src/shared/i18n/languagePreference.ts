import { DEFAULT_LANGUAGE } from '@sitelens/domain';

const LANGUAGE_KEY = 'sitelens.lang';

export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLanguage(lang: string): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Private mode: the language is asked again next time.
  }
}

/** Before sign-in: the stored language, else the browser's when allowed, else the default (spec 000 §1). */
export function preferredLanguage(allowed: readonly string[], browser: readonly string[] = navigator.languages): string {
  const stored = storedLanguage();
  if (stored && allowed.includes(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (allowed.includes(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
