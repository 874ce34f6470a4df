import { describe, expect, it } from 'vitest';
import { toRetailConditions } from './appliedFilters.ts';
import { selectCategoryTag } from './categoryFilter.ts';
import { selectEvent } from './eventFilter.ts';
import { context, initial } from './filterFixtures.test-support.ts';
import { toAppliedFilters } from './toAppliedFilters.ts';
import { applyCustomRanges } from './timespanRules.ts';
import { selectZone } from './zoneFilter.ts';

const ctx = context();

describe('toAppliedFilters', () => {
  it('carries every filter, and the conditions the engine receives follow from it', () => {
    let s = applyCustomRanges(initial(), [{ dateBegin: '2026-03-01', dateEnd: '2026-03-01' }, { dateBegin: '2026-03-08', dateEnd: '2026-03-09' }], ctx);
    s = { ...selectZone(s, 2, ctx), day: { operator: 'IS_NOT', days: [7, 6] }, hours: 'openingHours', engagement: 'ENGAGED' };
    s = selectEvent(selectCategoryTag(s, 20, 21, ctx), 7, ctx);
    const applied = toAppliedFilters(s);
    expect(applied).toEqual({
      timespans: [
        { dateBegin: '2026-03-01', dateEnd: '2026-03-01', label: 'custom' },
        { dateBegin: '2026-03-08', dateEnd: '2026-03-09', label: 'custom' },
        { dateBegin: '2026-03-02', dateEnd: '2026-03-04', label: 'event', eventId: 7 },
      ],
      hours: 'openingHours',
      day: { operator: 'IS_NOT', days: [6, 7] },
      zoneId: 2,
      gender: 'ALL',
      engagement: 'ENGAGED',
      tagIds: [21],
      eventIds: [7],
    });
    const conditions = toRetailConditions(applied, { timezone: 'UTC', changeOfDayTime: '00:00' });
    expect(conditions.map((c) => c.type)).toEqual(['date', 'date', 'date', 'hours', 'day', 'engagement', 'category', 'zone']);
    expect(conditions[1]).toEqual({ type: 'date', dateBegin: '2026-03-08T00:00:00.000Z', dateEnd: '2026-03-10T00:00:00.000Z' });
  });

  it('sends no day condition without a day filter, and nothing for All', () => {
    const conditions = toRetailConditions(toAppliedFilters(initial()), { timezone: 'UTC', changeOfDayTime: '00:00' });
    expect(conditions).toEqual([
      { type: 'date', dateBegin: '2026-03-18T00:00:00.000Z', dateEnd: '2026-03-19T00:00:00.000Z' },
      { type: 'zone', values: ['1'] },
    ]);
    expect(toRetailConditions(toAppliedFilters(initial()), { timezone: 'UTC', changeOfDayTime: '00:00' }, ['zone']).map((c) => c.type)).toEqual(['date']);
  });
});
