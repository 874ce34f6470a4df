import { describe, expect, it } from 'vitest';
import { addDayItem, dayFilterMatches, normalizeDayFilter, removeDayItem, setDayItem, setDayOperator } from './dayFilter.ts';
import { categories, context, initial } from './filterFixtures.test-support.ts';
import { selectCategoryTag } from './categoryFilter.ts';
import { checkedZoneIds, defaultZoneId, dependentZoneIds, isZoneSelectable, selectZone, zonesInTreeOrder } from './zoneFilter.ts';

const ctx = context();
const atmosphere = context({ pageKind: 'atmosphere' });

describe('day filter', () => {
  it('gives an added item the first unused weekday', () => {
    let f = addDayItem(null);
    expect(f).toEqual({ operator: 'IS', days: [1] });
    f = addDayItem(addDayItem(f));
    expect(f.days).toEqual([1, 2, 3]);
    f = setDayItem(f, 0, 6);
    expect(addDayItem(f).days).toEqual([6, 2, 3, 1]);
  });
  it('keeps one item per weekday and stops at seven', () => {
    let f = addDayItem(null, 'IS_NOT');
    for (let i = 0; i < 10; i++) f = addDayItem(f);
    expect(f.days).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(setDayItem(f, 0, 2)).toBe(f);
    expect(setDayItem({ operator: 'IS', days: [1] }, 0, 8)).toEqual({ operator: 'IS', days: [1] });
  });
  it('shares one operator across the items', () => {
    const f = setDayOperator({ operator: 'IS', days: [6, 7] }, 'IS_NOT');
    expect(f).toEqual({ operator: 'IS_NOT', days: [6, 7] });
  });
  it('combines IS by OR and IS NOT by AND', () => {
    const weekend = { operator: 'IS' as const, days: [6, 7] };
    expect([1, 5, 6, 7].map((d) => dayFilterMatches(weekend, d))).toEqual([false, false, true, true]);
    const notWeekend = { operator: 'IS_NOT' as const, days: [6, 7] };
    expect([1, 5, 6, 7].map((d) => dayFilterMatches(notWeekend, d))).toEqual([true, true, false, false]);
    expect(dayFilterMatches(null, 3)).toBe(true);
  });
  it('drops the filter with its last item', () => {
    expect(removeDayItem({ operator: 'IS', days: [6, 7] }, 0)).toEqual({ operator: 'IS', days: [7] });
    expect(removeDayItem({ operator: 'IS', days: [7] }, 0)).toBeNull();
  });
  it('reads untrusted input: known operator, weekdays 1..7, no duplicate', () => {
    expect(normalizeDayFilter('IS_NOT', ['6', '7', '7', '8', 'x', 0])).toEqual({ operator: 'IS_NOT', days: [6, 7] });
    expect(normalizeDayFilter('MAYBE', ['6'])).toBeNull();
  });
});

describe('zone filter', () => {
  it('defaults to the highest-level zone', () => {
    expect(zonesInTreeOrder(ctx.zones).map((z) => z.id)).toEqual([1, 2, 3, 4, 5]);
    expect(initial().zoneId).toBe(1);
  });
  it('disables zones without a sensor on atmosphere pages, and disabled zones everywhere', () => {
    expect(ctx.zones.map((z) => isZoneSelectable(z, 'atmosphere'))).toEqual([false, true, true, false, false]);
    expect(ctx.zones.map((z) => isZoneSelectable(z, 'counting'))).toEqual([true, true, true, true, false]);
    expect(defaultZoneId(atmosphere)).toBe(2);
    expect(selectZone(initial(), 5, ctx).zoneId).toBe(1);
    expect(selectZone(initial({ pageKind: 'atmosphere' }), 4, atmosphere).zoneId).toBe(2);
  });
  it('selects one zone at a time; unknown ids change nothing', () => {
    const s = selectZone(selectZone(initial(), 2, ctx), 4, ctx);
    expect(s.zoneId).toBe(4);
    expect(selectZone(s, 999, ctx)).toBe(s);
  });
  it('includes dependent zones, and clears child checks when the highest zone is chosen', () => {
    expect(dependentZoneIds(ctx.zones, 2)).toEqual([2, 3]);
    expect(checkedZoneIds(ctx.zones, 2)).toEqual([2, 3]);
    expect(checkedZoneIds(ctx.zones, 1)).toEqual([1]);
    expect(dependentZoneIds(ctx.zones, 1)).toEqual([1, 2, 4, 5, 3]);
  });
});

describe('category filter', () => {
  it('chooses one tag per category, All by null; a tag of another category changes nothing', () => {
    let s = selectCategoryTag(initial(), 20, 22, ctx);
    s = selectCategoryTag(s, 30, 31, ctx);
    expect(s.categories).toEqual({ 20: 22, 30: 31 });
    expect(selectCategoryTag(s, 20, 31, ctx)).toBe(s);
    expect(selectCategoryTag(s, 20, null, ctx).categories).toEqual({ 30: 31 });
    expect(categories).toHaveLength(2);
  });
});
