import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { loadCatalogue } from '../../../shared/i18n/catalogues.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';

export interface ScreenVoice {
  lang: string;
  t: TFunction;
}

/**
 * The screen's words in its own languages (the site's, then the optional second one), whatever the
 * browser's; the page's language until the server told them or while their catalogues load.
 */
export function useScreenTexts(languages: string[] | null): ScreenVoice[] {
  const { t, i18n: current } = useTranslation();
  const key = languages?.join(',') ?? '';
  const [loaded, setLoaded] = useState('');
  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    void Promise.all(key.split(',').map((lang) => loadCatalogue(lang)))
      .then(() => !cancelled && setLoaded(key))
      // A catalogue that cannot be fetched leaves the page's language; it is tried again on the next change.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [key]);
  if (key && loaded === key) return key.split(',').map((lang) => ({ lang, t: i18n.getFixedT(lang) }));
  return [{ lang: current.language, t }];
}
