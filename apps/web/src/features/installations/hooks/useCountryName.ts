import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Two-letter country codes in the reader's language; other values are shown as stored. */
export function useCountryName(): (country: string | null) => string | null {
  const { i18n } = useTranslation();
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      return null;
    }
  }, [i18n.language]);
  return (country) => (country && /^[A-Z]{2}$/.test(country) ? (names?.of(country) ?? country) : country);
}
