import { describe, expect, it } from 'vitest';
import type { GlobalWidgetFilter } from '../widgets/widgetModel.ts';
import { selectEvent } from './eventFilter.ts';
import { context } from './filterFixtures.test-support.ts';
import { readFilterParams } from './filterUrl.ts';
import { clearGlobalFilters, EMPTY_GLOBAL_FILTERS, restoreGlobalFilters } from './globalFilters.ts';
import { isoWeekdayOfPreset, pageDefaultFilters, readPagePresets, withPagePresets } from './pagePresets.ts';
import { canRemoveFilter, removeFilter } from './removeFilter.ts';
import { choosePreset } from './timespanRules.ts';
import { toAppliedFilters } from './toAppliedFilters.ts';
import { checkedZoneIds, defaultZoneId, highestZoneId } from './zoneFilter.ts';

// Wednesday 18 March 2026; zones Mall 1 > Food court 2 > Terrace 3, Parking 4, Closed wing 5 (disabled).
const ctx = context();
const zone = (zoneIds: unknown, order = 0) => ({ id: 1, type: 'zone', order, zoneIds }) as GlobalWidgetFilter;
const timespan = (rest: Partial<GlobalWidgetFilter>, order = 1): GlobalWidgetFilter => ({ id: 2, type: 'timespan', order, ...rest });
const day = (operator: 'IS' | 'IS_NOT', values: number[]): GlobalWidgetFilter => ({ id: 3, type: 'day', order: 2, dayFilters: { operator, values } });
const category = (categoryId: number, order = 3): GlobalWidgetFilter => ({ id: 4, type: 'category', order, categoryId });

const foodCourtLastWeek = [zone([2]), timespan({ datePreset: 'last7Days' }), day('IS_NOT', [0]), category(30)];

describe('page presets as the page default filters', () => {
  it('leave a page without presets exactly as before', () => {
    expect(withPagePresets(ctx, [])).toBe(ctx);
    expect(pageDefaultFilters(ctx, [])).toEqual(pageDefaultFilters(ctx, [{ id: 9, type: 'gender', order: 0 }]));
    expect(pageDefaultFilters(ctx, []).timespans).toEqual([{ label: 'today', dateBegin: '2026-03-18', dateEnd: '2026-03-18' }]);
  });

  it('apply the zone, the date preset, the day filter and the offered categories', () => {
    expect(readPagePresets(foodCourtLastWeek, ctx)).toEqual({
      zoneId: 2,
      timespans: [{ label: 'last7Days', dateBegin: '2026-03-12', dateEnd: '2026-03-18' }],
      day: { operator: 'IS_NOT', days: [7] },
      categoryIds: [30],
    });
    expect(toAppliedFilters(pageDefaultFilters(ctx, foodCourtLastWeek))).toEqual({
      timespans: [{ label: 'last7Days', dateBegin: '2026-03-12', dateEnd: '2026-03-18' }],
      hours: null,
      day: { operator: 'IS_NOT', days: [7] },
      zoneId: 2,
      gender: 'ALL',
      engagement: 'ALL',
      tagIds: [],
      eventIds: [],
    });
    expect(withPagePresets(ctx, foodCourtLastWeek).categories.map((c) => c.id)).toEqual([30]);
  });

  it('make the page zone the highest zone: default, not removable, what a removal resets to', () => {
    const page = withPagePresets(ctx, [zone([2])]);
    expect(page.zones.map((z) => [z.id, z.parentId])).toEqual([
      [2, null],
      [3, 2],
    ]);
    expect(highestZoneId(page.zones)).toBe(2);
    expect(defaultZoneId(page)).toBe(2);
    const start = pageDefaultFilters(ctx, [zone([2])]);
    expect(canRemoveFilter(start, { type: 'zone' }, page)).toBe(false);
    const terrace = { ...start, zoneId: 3 };
    expect(canRemoveFilter(terrace, { type: 'zone' }, page)).toBe(true);
    expect(removeFilter(terrace, { type: 'zone' }, page).zoneId).toBe(2);
    expect(checkedZoneIds(page.zones, 2)).toEqual([2]);
  });

  it('take the first zone the site has and can select; none leaves the whole site', () => {
    expect(readPagePresets([zone([99, 4, 2])], ctx).zoneId).toBe(4);
    expect(readPagePresets([zone([5])], ctx).zoneId).toBeNull();
    expect(withPagePresets(ctx, [zone([5])]).zones).toBe(ctx.zones);
    expect(readPagePresets([zone('2')], ctx).zoneId).toBeNull();
    expect(readPagePresets([zone([3], 1), zone([4], 0)], ctx).zoneId).toBe(4);
  });

  it('bring the preset timespan back when the last condition goes; the preset alone stays', () => {
    const page = withPagePresets(ctx, foodCourtLastWeek);
    const start = pageDefaultFilters(ctx, foodCourtLastWeek);
    const id = 'last7Days:2026-03-12:2026-03-18';
    expect(canRemoveFilter(start, { type: 'timespan', conditionId: id }, page)).toBe(false);
    const yesterday = choosePreset(start, 'yesterday', page);
    expect(removeFilter(yesterday, { type: 'timespan', conditionId: 'yesterday:2026-03-17:2026-03-17' }, page).timespans).toEqual(start.timespans);
    // Today alone still cannot be removed, whatever the preset.
    const today = choosePreset(start, 'today', page);
    expect(canRemoveFilter(today, { type: 'timespan', conditionId: 'today:2026-03-18:2026-03-18' }, page)).toBe(false);
    // An event deselected from an event-only timespan falls back to the preset too.
    const onlyEvent = { ...selectEvent(start, 7, page), timespans: [{ label: 'event', dateBegin: '2026-03-02', dateEnd: '2026-03-04', eventId: 7 }] };
    expect(removeFilter(onlyEvent, { type: 'event', eventId: 7 }, page).timespans).toEqual(start.timespans);
  });

  it('read date ranges when there is no known preset: clamped to the site, invalid ones left out', () => {
    const ranges = (...filters: GlobalWidgetFilter[]) => readPagePresets(filters, ctx).timespans;
    expect(ranges(timespan({ datePreset: 'forever', dateFilters: ['2026-03-01', '2026-03-07'] }))).toEqual([{ label: 'custom', dateBegin: '2026-03-01', dateEnd: '2026-03-07' }]);
    expect(ranges(timespan({ dateFilters: ['2025-01-01', '2025-07-01'] }))).toEqual([{ label: 'custom', dateBegin: '2025-06-01', dateEnd: '2025-07-01' }]);
    expect(ranges(timespan({ dateFilters: ['2026-03-10', '2026-12-31'] }))).toEqual([{ label: 'custom', dateBegin: '2026-03-10', dateEnd: '2026-03-18' }]);
    expect(ranges(timespan({ dateFilters: ['2026-04-01', '2026-04-30'] }))).toBeNull();
    expect(ranges(timespan({ dateFilters: ['2026-03-09', '2026-03-01'] }))).toBeNull();
    expect(ranges(timespan({ dateFilters: ['0000-99-99', '2026-03-01'] as [string, string] }))).toBeNull();
    expect(ranges(timespan({ dateFilters: 'soon' as unknown as [string, string] }))).toBeNull();
    // Two ranges (OR), sorted; one overlapping a kept one is left out.
    expect(
      ranges(
        timespan({ dateFilters: ['2026-03-10', '2026-03-12'] }, 1),
        timespan({ dateFilters: ['2026-02-01', '2026-02-07'] }, 2),
        timespan({ dateFilters: ['2026-03-11', '2026-03-14'] }, 3),
      ),
    ).toEqual([
      { label: 'custom', dateBegin: '2026-02-01', dateEnd: '2026-02-07' },
      { label: 'custom', dateBegin: '2026-03-10', dateEnd: '2026-03-12' },
    ]);
    const twoRanges = [timespan({ dateFilters: ['2026-03-10', '2026-03-12'] }, 1), timespan({ dateFilters: ['2026-02-01', '2026-02-07'] }, 2)];
    const page = withPagePresets(ctx, twoRanges);
    const start = pageDefaultFilters(ctx, twoRanges);
    // Removing one range of a two-range default is a real change.
    expect(removeFilter(start, { type: 'timespan', conditionId: 'custom:2026-02-01:2026-02-07' }, page).timespans).toHaveLength(1);
  });

  it('read preset weekdays 0 (Sunday) .. 6 (Saturday) as ISO weekdays, dropping bad ones', () => {
    expect([0, 1, 6, 7, -1, 2.5].map(isoWeekdayOfPreset)).toEqual([7, 1, 6, null, null, null]);
    expect(readPagePresets([day('IS', [6, 0, 0, 9])], ctx).day).toEqual({ operator: 'IS', days: [6, 7] });
    expect(readPagePresets([day('IS', [9])], ctx).day).toBeNull();
    expect(readPagePresets([{ id: 3, type: 'day', order: 0, dayFilters: { operator: 'MAYBE' as 'IS', values: [1] } }], ctx).day).toBeNull();
  });

  it('offer only the listed categories that exist, in preset order', () => {
    expect(withPagePresets(ctx, [category(30, 1), category(20, 0)]).categories.map((c) => c.id)).toEqual([20, 30]);
    expect(withPagePresets(ctx, [category(99)]).categories).toEqual([]);
    expect(withPagePresets(ctx, [zone([2])]).categories).toBe(ctx.categories);
  });
});

describe('what wins over the page presets', () => {
  const page = withPagePresets(ctx, foodCourtLastWeek);

  it('URL parameters: a link shows its own filters; a missing parameter takes the page default', () => {
    const linked = readFilterParams(new URLSearchParams('timespan=yesterday&zone=3'), page);
    expect(linked.timespans).toEqual([{ label: 'yesterday', dateBegin: '2026-03-17', dateEnd: '2026-03-17' }]);
    expect(linked.zoneId).toBe(3);
    // The URL always carries the day filter when there is one: none in the link means none.
    expect(linked.day).toBeNull();
    expect(readFilterParams(new URLSearchParams('zone=3'), page).timespans).toEqual(pageDefaultFilters(ctx, foodCourtLastWeek).timespans);
    // A zone outside the page's zone is not offered there.
    expect(readFilterParams(new URLSearchParams('zone=4'), page).zoneId).toBe(2);
  });

  it('saved global filters: their timespan and day filter, this page’s zone', () => {
    const stored = {
      ...EMPTY_GLOBAL_FILTERS,
      timespanFilterConditions: [{ label: 'today', dateBegin: '2026-03-01', dateEnd: '2026-03-01' }],
      pagesGlobalFilters: [{ pageId: 12, type: 'zone' as const, selectedValue: '3' }],
    };
    const restored = restoreGlobalFilters(stored, 12, page);
    expect(restored.timespans).toEqual([{ label: 'today', dateBegin: '2026-03-18', dateEnd: '2026-03-18' }]);
    expect(restored.zoneId).toBe(3);
    expect(restored.day).toBeNull();
    // Nothing saved for the timespan: the page's preset.
    expect(restoreGlobalFilters(EMPTY_GLOBAL_FILTERS, 12, page).timespans).toEqual(pageDefaultFilters(ctx, foodCourtLastWeek).timespans);
  });

  it('clearing the global filters goes back to the page presets, not the product defaults', () => {
    expect(clearGlobalFilters(page).state).toEqual(pageDefaultFilters(ctx, foodCourtLastWeek));
  });
});
