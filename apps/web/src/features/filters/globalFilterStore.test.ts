import { describe, expect, it } from 'vitest';
import { EMPTY_GLOBAL_FILTERS } from '@sitelens/domain';
import { loadGlobalFilters, loadSessionFilters, saveGlobalFilterStore, saveSessionFilters } from './globalFilterStore.ts';

/** A Storage like the browser's, in memory. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('stored filters', () => {
  it('saves, reads back and clears the global filters', () => {
    const storage = memoryStorage();
    const saved = { ...EMPTY_GLOBAL_FILTERS, timespanFilterConditions: [{ label: 'today', dateBegin: '2026-11-20', dateEnd: '2026-11-20' }], pagesGlobalFilters: [{ pageId: 1, type: 'gender' as const, selectedValue: 'MALE' }] };
    saveGlobalFilterStore(saved, storage);
    expect(loadGlobalFilters(storage)).toEqual(saved);
    saveGlobalFilterStore(null, storage);
    expect(loadGlobalFilters(storage)).toBeNull();
  });

  it('reads tampered or broken stored text as nothing stored, dropping malformed entries', () => {
    const storage = memoryStorage();
    storage.setItem('sitelens.globalFilters', '{not json');
    expect(loadGlobalFilters(storage)).toBeNull();
    storage.setItem('sitelens.globalFilters', JSON.stringify({ timespanFilterConditions: [{ label: 1 }, { label: 'custom', dateBegin: '2026-01-01', dateEnd: '2026-01-02' }], pagesGlobalFilters: ['x'] }));
    expect(loadGlobalFilters(storage)).toEqual({ timespanFilterConditions: [{ label: 'custom', dateBegin: '2026-01-01', dateEnd: '2026-01-02' }], dayFilterConditions: null, pagesGlobalFilters: [] });
  });

  it('keeps each page’s session state apart', () => {
    const storage = memoryStorage();
    saveSessionFilters('/counting/1', 'timespan=yesterday', storage);
    expect(loadSessionFilters('/counting/1', storage)).toBe('timespan=yesterday');
    expect(loadSessionFilters('/counting/2', storage)).toBeNull();
  });
});
