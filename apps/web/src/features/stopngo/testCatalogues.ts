import { readFileSync } from 'node:fs';
import i18next from 'i18next';

// For tests: the real Stop&Go catalogues of the six languages, as the server hands them out (under "stopNGo").
const catalogue = (lang: string) => JSON.parse(readFileSync(new URL(`../../../../server/src/modules/translations/locales/${lang}/stopNGo.json`, import.meta.url), 'utf8')) as object;

export const stopNGoI18n = i18next.createInstance();
void stopNGoI18n.init({
  resources: Object.fromEntries(['en', 'fr', 'de', 'es', 'it', 'ar'].map((l) => [l, { translation: { stopNGo: catalogue(l) } }])),
  lng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});
