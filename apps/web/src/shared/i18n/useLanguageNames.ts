import { useMemo } from 'react';
import { LANGUAGES, type Language } from '@sitelens/domain';

/**
 * Each language in its own name (Français, English, Italiano, العربية, Deutsch, Español), from the
 * browser's locale data: an endonym is the same in every catalogue, so it is not a text to translate.
 */
export function useLanguageNames(): Record<Language, string> {
  return useMemo(
    () =>
      Object.fromEntries(
        LANGUAGES.map((lang) => {
          const name = new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang;
          return [lang, name.charAt(0).toLocaleUpperCase(lang) + name.slice(1)];
        }),
      ) as Record<Language, string>,
    [],
  );
}
