import { useEffect, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isRtl } from '@sitelens/domain';
import { loadCatalogue } from '../../shared/i18n/catalogues.ts';

export interface OriginTexts {
  t: TFunction;
  lang: string;
  dir: 'ltr' | 'rtl';
}

/**
 * The texts of the view-as bar: in the administrator's own language (`origin`), while the rest of
 * the page speaks the viewed user's. Its catalogue is loaded beside the page's, without switching
 * the page; until it is there (or when it cannot be had) the bar follows the page.
 */
export function useOriginTexts(origin: string | null): OriginTexts {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<string | null>(null);
  const other = origin && origin !== i18n.language ? origin : null;

  useEffect(() => {
    if (!other) return;
    let live = true;
    loadCatalogue(other).then(
      () => live && setLoaded(other),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [other]);

  return useMemo(() => {
    const lang = other && loaded === other ? other : i18n.language;
    return { t: lang === i18n.language ? t : i18n.getFixedT(lang), lang, dir: isRtl(lang) ? 'rtl' : 'ltr' };
  }, [other, loaded, i18n, t]);
}
