import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDayItem } from './dayFilter.ts';
import { eventRange, selectEvent } from './eventFilter.ts';
import { context, initial } from './filterFixtures.test-support.ts';
import type { FilterContext, FilterState } from './filterState.ts';
import { selectCategoryTag } from './categoryFilter.ts';
import { type FilterTarget, canRemoveFilter, filterItems, removeFilter } from './removeFilter.ts';
import { TIMESPAN_PRESETS } from './timespanPresets.ts';
import { applyCustomRanges, choosePreset, timespanConditionId } from './timespanRules.ts';
import { selectZone } from './zoneFilter.ts';

const ctx = context();

describe('removal rules', () => {
  it('keeps the highest zone, All gender, All engagement and category roots', () => {
    const s = initial();
    for (const target of [{ type: 'zone' }, { type: 'gender' }, { type: 'engagement' }, { type: 'category', categoryId: 20 }] as FilterTarget[]) {
      expect(canRemoveFilter(s, target, ctx)).toBe(false);
      expect(removeFilter(s, target, ctx)).toBe(s);
    }
  });
  it('resets a removed zone to the first selectable zone', () => {
    expect(removeFilter(selectZone(initial(), 3, ctx), { type: 'zone' }, ctx).zoneId).toBe(1);
    const atmosphere = context({ pageKind: 'atmosphere' });
    const s = selectZone(initial(atmosphere), 3, atmosphere);
    expect(removeFilter(s, { type: 'zone' }, atmosphere).zoneId).toBe(2);
  });
  it('resets removed gender, engagement and categories to All', () => {
    let s: FilterState = { ...initial(), gender: 'FEMALE', engagement: 'ENGAGED' };
    s = selectCategoryTag(s, 20, 21, ctx);
    s = removeFilter(removeFilter(removeFilter(s, { type: 'gender' }, ctx), { type: 'engagement' }, ctx), { type: 'category', categoryId: 20 }, ctx);
    expect([s.gender, s.engagement, s.categories]).toEqual(['ALL', 'ALL', {}]);
  });
  it('removes the day filter, one day item, the hours and an event', () => {
    let s: FilterState = { ...initial(), hours: 'morning', day: addDayItem(addDayItem(null)) };
    s = removeFilter(s, { type: 'day', index: 0 }, ctx);
    expect(s.day).toEqual({ operator: 'IS', days: [2] });
    s = removeFilter(removeFilter(s, { type: 'day' }, ctx), { type: 'hours' }, ctx);
    expect([s.day, s.hours]).toEqual([null, null]);
    s = removeFilter(selectEvent(s, 7, ctx), { type: 'event', eventId: 7 }, ctx);
    expect([s.eventIds, s.timespans.length]).toEqual([[], 1]);
  });
  it('lists the chips of the preview with whether each can go', () => {
    let s = selectEvent(choosePreset(initial(), 'last30Days', ctx), 7, ctx);
    s = { ...s, gender: 'MALE' };
    const items = filterItems(s, ctx).map((i) => [i.target.type, i.removable]);
    expect(items).toEqual([
      ['timespan', true],
      ['zone', false],
      ['gender', true],
      ['engagement', false],
      ['category', false],
      ['category', false],
      ['event', true],
    ]);
  });
});

// Random sequences of every action of the bar, including removals of whatever is on screen.
function action(c: FilterContext): fc.Arbitrary<(s: FilterState) => FilterState> {
  const date = fc.integer({ min: 0, max: 400 }).map((n) => new Date(Date.UTC(2025, 5, 1) + n * 86_400_000).toISOString().slice(0, 10));
  return fc.oneof(
    fc.constantFrom(...TIMESPAN_PRESETS).map((p) => (s: FilterState) => choosePreset(s, p, c)),
    fc.array(fc.tuple(date, date), { maxLength: 3 }).map((rs) => (s: FilterState) => applyCustomRanges(s, rs.map(([a, b]) => ({ dateBegin: a, dateEnd: b })), c)),
    fc.constantFrom(7, 8, 9, 10, 11).map((id) => (s: FilterState) => selectEvent(s, id, c)),
    fc.integer({ min: 0, max: 7 }).map((id) => (s: FilterState) => selectZone(s, id, c)),
    fc.nat(20).map((i) => (s: FilterState) => {
      const items = filterItems(s, c);
      return items.length ? removeFilter(s, items[i % items.length]!.target, c) : s;
    }),
    fc.nat(5).map((i) => (s: FilterState) => {
      const c0 = s.timespans[i % s.timespans.length]!;
      return removeFilter(s, { type: 'timespan', conditionId: timespanConditionId(c0) }, c);
    }),
    fc.constant((s: FilterState) => removeFilter(s, { type: 'zone' }, c)),
  );
}

describe('property: the date and zone filters are never empty', () => {
  it.each([['counting'], ['atmosphere']] as const)('on a %s page, after any sequence of adds and removals', (pageKind) => {
    for (const defaultPreset of ['today', 'yesterday'] as const) {
      const c = context({ pageKind, defaultPreset });
      fc.assert(
        fc.property(fc.array(action(c), { maxLength: 30 }), (actions) => {
          let s = initial(c);
          for (const act of actions) {
            s = act(s);
            expect(s.timespans.length).toBeGreaterThan(0);
            expect(s.zoneId).not.toBeNull();
            expect(s.timespans.every((t) => t.dateBegin <= t.dateEnd)).toBe(true);
            // Events stay tied to the timespan: each selected event meets a condition, each event condition is selected.
            for (const id of s.eventIds) {
              const range = eventRange(c.events.find((e) => e.id === id)!, c)!;
              expect(s.timespans.some((t) => t.dateBegin <= range.dateEnd && range.dateBegin <= t.dateEnd)).toBe(true);
            }
            expect(s.timespans.every((t) => t.eventId == null || s.eventIds.includes(t.eventId))).toBe(true);
          }
        }),
        { numRuns: 300 },
      );
    }
  });
});
