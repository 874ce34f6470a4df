import { describe, expect, it } from 'vitest';
import { selectCategoryTag } from './categoryFilter.ts';
import { context, initial } from './filterFixtures.test-support.ts';
import { filtersEqual } from './filterEquality.ts';
import { EMPTY_GLOBAL_FILTERS, clearGlobalFilters, restoreGlobalFilters, saveGlobalFilters, savePageGlobalFilter } from './globalFilters.ts';
import { applyCustomRanges, choosePreset } from './timespanRules.ts';
import { selectZone } from './zoneFilter.ts';

const ctx = context();

describe('global filters per page', () => {
  it('replaces the entry of the same page and type (and category id), or adds one', () => {
    let list = savePageGlobalFilter([], { pageId: 1, type: 'gender', selectedValue: 'MALE' });
    list = savePageGlobalFilter(list, { pageId: 2, type: 'gender', selectedValue: 'FEMALE' });
    list = savePageGlobalFilter(list, { pageId: 1, type: 'gender', selectedValue: 'FEMALE' });
    list = savePageGlobalFilter(list, { pageId: 1, type: 'category', id: 20, selectedValue: '21' });
    list = savePageGlobalFilter(list, { pageId: 1, type: 'category', id: 30, selectedValue: '31' });
    list = savePageGlobalFilter(list, { pageId: 1, type: 'category', id: 20, selectedValue: '22' });
    expect(list).toEqual([
      { pageId: 1, type: 'gender', selectedValue: 'FEMALE' },
      { pageId: 2, type: 'gender', selectedValue: 'FEMALE' },
      { pageId: 1, type: 'category', id: 20, selectedValue: '22' },
      { pageId: 1, type: 'category', id: 30, selectedValue: '31' },
    ]);
  });

  it('restores a saved page, sharing timespan and days with other pages but not their own selections', () => {
    let s = applyCustomRanges(initial(), [{ dateBegin: '2026-03-01', dateEnd: '2026-03-02' }], ctx);
    s = selectCategoryTag({ ...selectZone(s, 2, ctx), gender: 'MALE', day: { operator: 'IS', days: [1] } }, 20, 21, ctx);
    const stored = saveGlobalFilters(EMPTY_GLOBAL_FILTERS, 1, s, ctx);
    expect(filtersEqual(restoreGlobalFilters(stored, 1, ctx), s)).toBe(true);
    const other = restoreGlobalFilters(stored, 2, ctx);
    expect([other.timespans, other.day, other.zoneId, other.gender, other.categories]).toEqual([s.timespans, s.day, 1, 'ALL', {}]);
  });

  it('sets a stored "today" condition to the current day on restore', () => {
    const stored = saveGlobalFilters(EMPTY_GLOBAL_FILTERS, 1, initial(), ctx);
    const later = context({ today: '2026-03-25' });
    expect(restoreGlobalFilters(stored, 1, later).timespans).toEqual([{ label: 'today', dateBegin: '2026-03-25', dateEnd: '2026-03-25' }]);
    const yesterday = saveGlobalFilters(EMPTY_GLOBAL_FILTERS, 1, choosePreset(initial(), 'yesterday', ctx), ctx);
    expect(restoreGlobalFilters(yesterday, 1, later).timespans[0]!.dateBegin).toBe('2026-03-17');
  });

  it('ignores what no longer fits the page: dates before its creation, unknown zones and tags', () => {
    const stored = {
      timespanFilterConditions: [{ label: 'custom', dateBegin: '2024-01-01', dateEnd: '2024-01-02' }],
      dayFilterConditions: { operator: 'IS' as const, days: [9] },
      pagesGlobalFilters: [
        { pageId: 1, type: 'zone' as const, selectedValue: '999' },
        { pageId: 1, type: 'category' as const, id: 20, selectedValue: '31' },
        { pageId: 1, type: 'gender' as const, selectedValue: 'x' },
      ],
    };
    expect(filtersEqual(restoreGlobalFilters(stored, 1, ctx), initial())).toBe(true);
  });

  it('clears everything back to the initial filters', () => {
    const { stored, state } = clearGlobalFilters(ctx);
    expect(stored).toEqual({ timespanFilterConditions: [], dayFilterConditions: null, pagesGlobalFilters: [] });
    expect(filtersEqual(state, initial())).toBe(true);
  });
});
