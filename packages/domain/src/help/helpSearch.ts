import { foldForSearch } from '../i18n/foldForSearch.ts';

/** One searchable item of the help centre: a topic, a question or a metric, already translated. */
export interface HelpSearchItem {
  id: string;
  /** The title counts more than the body. */
  title: string;
  body: string;
}

export interface HelpSearchHit<T extends HelpSearchItem> {
  item: T;
  /** 2 when every word is in the title, 1 when the words are found in title and body. */
  score: number;
}

/**
 * Arabic writes the article and some particles on the word: "التصدير" (the export) is "تصدير" in
 * "تصدير البيانات". A query word loses them (when at least three letters stay), so it finds the
 * word with or without them; words of other scripts are left as typed.
 */
const ARABIC_ARTICLE = /^(?:وال|بال|فال|كال|لل|ال)(?=\p{Script=Arabic}{3})/u;
const withoutArabicArticle = (word: string): string => word.replace(ARABIC_ARTICLE, '');

/**
 * Items holding every word of the query, ignoring case and accents (the event filter's rule:
 * "écran" finds "Ecran" and "ECRAN"), the ones whose title holds them all first, otherwise in the
 * order given. In Arabic a query word is found with or without its article. An empty query finds nothing: the help centre then shows its topics.
 */
export function searchHelp<T extends HelpSearchItem>(items: readonly T[], query: string): Array<HelpSearchHit<T>> {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean).map(withoutArabicArticle);
  if (words.length === 0) return [];
  const hits: Array<HelpSearchHit<T>> = [];
  for (const item of items) {
    const title = foldForSearch(item.title);
    const all = `${title} ${foldForSearch(item.body)}`;
    if (!words.every((w) => all.includes(w))) continue;
    hits.push({ item, score: words.every((w) => title.includes(w)) ? 2 : 1 });
  }
  // Array.prototype.sort is stable: equal scores keep the given order.
  return hits.sort((a, b) => b.score - a.score);
}
