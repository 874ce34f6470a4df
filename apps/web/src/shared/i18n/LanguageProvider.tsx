import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDirection } from '@mantine/core';
import { DEFAULT_LANGUAGE, isRtl } from '@sitelens/domain';
import { FullPageLoader } from '../layout/FullPageLoader.tsx';
import { heldAllowedLanguages, loadCatalogue, refreshTranslationDetails } from './catalogues.ts';
import { i18n } from './i18n.ts';
import { preferredLanguage, storeLanguage } from './languagePreference.ts';

interface LanguageContextValue {
  language: string;
  allowedLanguages: string[];
  /** Loads the catalogue if needed, then switches every text and the direction at once. */
  setLanguage(lang: string): Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);
const RETRY_MS = 5000;

export function LanguageProvider({ children }: { children: ReactNode }) {
  const { setDirection } = useDirection();
  const [language, setLanguageState] = useState<string | null>(null);
  const [allowedLanguages, setAllowed] = useState<string[]>([]);
  const allowedRef = useRef<string[]>([]);

  const apply = useCallback(
    async (requested: string) => {
      const allowed = allowedRef.current;
      const lang = allowed.length === 0 || allowed.includes(requested) ? requested : DEFAULT_LANGUAGE;
      await loadCatalogue(lang);
      await i18n.changeLanguage(lang);
      document.documentElement.lang = lang;
      setDirection(isRtl(lang) ? 'rtl' : 'ltr');
      storeLanguage(lang);
      setLanguageState(lang);
    },
    [setDirection],
  );

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      try {
        let allowed: string[];
        try {
          allowed = (await refreshTranslationDetails()).allowedLanguages;
        } catch (error) {
          const held = heldAllowedLanguages();
          if (!held) throw error;
          allowed = held;
        }
        if (cancelled) return;
        allowedRef.current = allowed;
        setAllowed(allowed);
        await apply(preferredLanguage(allowed));
      } catch {
        // The server is unreachable and nothing is held: keep the loader and try again.
        if (!cancelled) timer = setTimeout(() => void start(), RETRY_MS);
      }
    };
    void start();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [apply]);

  const setLanguage = useCallback(
    async (lang: string) => {
      // A language change is the moment to notice a new catalogue version.
      try {
        const details = await refreshTranslationDetails();
        allowedRef.current = details.allowedLanguages;
        setAllowed(details.allowedLanguages);
      } catch {
        // Keep the languages already known.
      }
      await apply(lang);
    },
    [apply],
  );

  const value = useMemo(
    () => (language ? { language, allowedLanguages, setLanguage } : null),
    [language, allowedLanguages, setLanguage],
  );
  if (!value) return <FullPageLoader />;
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage outside LanguageProvider');
  return value;
}
