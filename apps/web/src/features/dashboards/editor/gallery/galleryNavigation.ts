import { type WidgetType, foldForSearch } from '@sitelens/domain';

/** The types whose translated name (or id) contains every word of the query, in the given order. */
export function matchingTypes(types: readonly WidgetType[], nameOf: (type: WidgetType) => string, query: string): WidgetType[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...types];
  return types.filter((type) => {
    const haystack = `${foldForSearch(nameOf(type))} ${foldForSearch(type)}`;
    return words.every((w) => haystack.includes(w));
  });
}

export type GalleryKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

/**
 * The card a key moves to in a grid of `count` cards, `columns` wide: left and right follow the
 * reading direction (mirrored right to left), up and down move a row, Home and End go to the ends;
 * the edges hold (no wrapping).
 */
export function nextCardIndex(current: number, key: GalleryKey, count: number, columns: number, dir: 'ltr' | 'rtl'): number {
  if (count === 0) return -1;
  const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const cols = Math.max(1, columns);
  const target =
    key === 'Home' ? 0
    : key === 'End' ? count - 1
    : key === 'ArrowUp' ? current - cols
    : key === 'ArrowDown' ? current + cols
    : key === forward ? current + 1
    : current - 1;
  return target < 0 || target >= count ? Math.min(Math.max(current, 0), count - 1) : target;
}

export const isGalleryKey = (key: string): key is GalleryKey => ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(key);
