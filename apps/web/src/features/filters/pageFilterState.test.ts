import { describe, expect, it } from 'vitest';
import { EMPTY_GLOBAL_FILTERS, type FilterContext, filterContext, filtersEqual, saveGlobalFilters, toAppliedFilters, writeFilterParams } from '@sitelens/domain';
import { fromAppliedFilters, globalPageId, hasFilterParams, initialFilterState } from './pageFilterState.ts';

// 2026-11-21 10:00 UTC: a Saturday, the Paris site open (09:00-20:00).
const NOW = Date.UTC(2026, 10, 21, 10, 0);
const ctx: FilterContext = filterContext(
  NOW,
  { timezone: 'Europe/Paris', changeOfDayTime: '00:00', openingHours: [], creationDate: '2026-01-15' },
  {
    pageKind: 'counting',
    zones: [
      { id: 10, parentId: null, name: 'Mall' },
      { id: 11, parentId: 10, name: 'Hall' },
    ],
    events: [{ id: 5, name: 'Fête', dateBegin: '2026-11-01', dateEnd: '2026-11-03' }],
    categories: [{ id: 3, name: 'Region', tags: [{ id: 31, name: 'North' }] }],
  },
);
const none = { params: new URLSearchParams(), session: null, global: null, pageId: 7 };

describe('where a page takes its filters from', () => {
  it('the URL first: a link shows exactly its filters', () => {
    const params = new URLSearchParams('from=2026-11-02&to=2026-11-04&from=2026-11-09&to=2026-11-10&dayOp=IS_NOT&day=6&day=7&zone=11');
    const session = writeFilterParams({ ...initialFilterState(ctx, none), gender: 'MALE' }).toString();
    const state = initialFilterState(ctx, { ...none, params, session });
    expect(state.timespans.map((c) => [c.dateBegin, c.dateEnd])).toEqual([
      ['2026-11-02', '2026-11-04'],
      ['2026-11-09', '2026-11-10'],
    ]);
    expect(state.day).toEqual({ operator: 'IS_NOT', days: [6, 7] });
    expect(state.zoneId).toBe(11);
    expect(state.gender).toBe('ALL');
  });

  it('then this tab’s last state of the page, then saved global filters, then the defaults', () => {
    const session = writeFilterParams({ ...initialFilterState(ctx, none), gender: 'FEMALE' }).toString();
    expect(initialFilterState(ctx, { ...none, session }).gender).toBe('FEMALE');
    const global = saveGlobalFilters(EMPTY_GLOBAL_FILTERS, 7, { ...initialFilterState(ctx, none), engagement: 'ENGAGED' }, ctx);
    expect(initialFilterState(ctx, { ...none, global }).engagement).toBe('ENGAGED');
    expect(initialFilterState(ctx, { ...none, global, pageId: 8 }).engagement).toBe('ALL');
    expect(initialFilterState(ctx, none).zoneId).toBe(10);
  });

  it('ignores malformed URL input and another organization’s ids: the default view', () => {
    const params = new URLSearchParams('from=2026-13-45&to=x&zone=999999&tag=88&event=77&dayOp=MAYBE&day=9&gender=ROBOT');
    expect(hasFilterParams(params)).toBe(true);
    expect(filtersEqual(initialFilterState(ctx, { ...none, params }), initialFilterState(ctx, none))).toBe(true);
  });

  it('maps the older AppliedFilters setter back onto the same state', () => {
    const params = new URLSearchParams('timespan=last7Days&zone=11&tag=31&event=5&gender=MALE&hours=morning');
    const state = initialFilterState(ctx, { ...none, params });
    expect(filtersEqual(fromAppliedFilters(toAppliedFilters(state), ctx), state)).toBe(true);
  });
});

describe('page ids of global filters', () => {
  it('keeps a custom page’s id and gives each installation page kind its own', () => {
    expect(globalPageId(42, 3, 'custom')).toBe(42);
    const ids = new Set([globalPageId(undefined, 3, 'counting'), globalPageId(undefined, 3, 'atmosphere'), globalPageId(undefined, 4, 'counting')]);
    expect(ids.size).toBe(3);
    for (const id of ids) expect(id).toBeLessThan(0);
  });
});
