import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE } from '@sitelens/domain';

/** One i18next instance; its catalogues are added by loadCatalogue as the server sends them. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});
