// Where the filter state is kept in the browser (spec 001 §3 "Global filter state"):
// - saved global filters (localStorage): what the user saved with "Save filters", shared by pages;
// - the session state (sessionStorage): the last applied filters of each page in this tab, kept in
//   sync with the applied filters (debounced), so coming back to a page shows the same view.
// Stored text is untrusted: anything malformed reads as nothing stored.
import { EMPTY_GLOBAL_FILTERS, type StoredGlobalFilters } from '@sitelens/domain';

const GLOBAL_KEY = 'sitelens.globalFilters';
const SESSION_PREFIX = 'sitelens.pageFilters.';

function read(storage: Storage, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: unknown): void {
  try {
    if (value == null) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage: the filters still apply, they are only not remembered.
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The saved global filters, or null when none (or unreadable). */
export function loadGlobalFilters(storage: Storage = localStorage): StoredGlobalFilters | null {
  const v = read(storage, GLOBAL_KEY);
  if (!isObject(v) || !Array.isArray(v.timespanFilterConditions) || !Array.isArray(v.pagesGlobalFilters)) return null;
  const day = isObject(v.dayFilterConditions) && Array.isArray(v.dayFilterConditions.days) ? (v.dayFilterConditions as unknown as StoredGlobalFilters['dayFilterConditions']) : null;
  return {
    ...EMPTY_GLOBAL_FILTERS,
    timespanFilterConditions: v.timespanFilterConditions.filter(
      (c): c is StoredGlobalFilters['timespanFilterConditions'][number] =>
        isObject(c) && typeof c.label === 'string' && typeof c.dateBegin === 'string' && typeof c.dateEnd === 'string',
    ),
    dayFilterConditions: day,
    pagesGlobalFilters: v.pagesGlobalFilters.filter(
      (e): e is StoredGlobalFilters['pagesGlobalFilters'][number] => isObject(e) && typeof e.pageId === 'number' && typeof e.type === 'string' && typeof e.selectedValue === 'string',
    ),
  };
}

export function saveGlobalFilterStore(value: StoredGlobalFilters | null, storage: Storage = localStorage): void {
  write(storage, GLOBAL_KEY, value);
}

/** The page's last applied filters in this tab, as URL parameters (read back with readFilterParams). */
export function loadSessionFilters(pageKey: string, storage: Storage = sessionStorage): string | null {
  const v = read(storage, SESSION_PREFIX + pageKey);
  return typeof v === 'string' ? v : null;
}

export function saveSessionFilters(pageKey: string, params: string | null, storage: Storage = sessionStorage): void {
  write(storage, SESSION_PREFIX + pageKey, params);
}

