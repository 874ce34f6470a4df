import { describe, expect, it } from 'vitest';
import { toRetailConditions } from './appliedFilters.ts';

const paris = { timezone: 'Europe/Paris', changeOfDayTime: '05:00' };

describe('toRetailConditions', () => {
  it('turns each timespan into business-day instants at the site', () => {
    const conditions = toRetailConditions({ timespans: [{ dateBegin: '2026-03-28', dateEnd: '2026-03-29' }] }, paris);
    // 28 March 05:00 +01:00 to 30 March 05:00 +02:00 (the clocks go forward on the 29th).
    expect(conditions).toEqual([{ type: 'date', dateBegin: '2026-03-28T04:00:00.000Z', dateEnd: '2026-03-30T03:00:00.000Z' }]);
  });

  it('keeps several ranges, hours, days, gender, engagement and tags; All sends nothing', () => {
    const conditions = toRetailConditions(
      {
        timespans: [
          { dateBegin: '2026-01-05', dateEnd: '2026-01-05' },
          { dateBegin: '2026-01-12', dateEnd: '2026-01-12' },
        ],
        hours: 'morning',
        day: { operator: 'IS_NOT', days: [6, 7] },
        gender: 'FEMALE',
        engagement: 'ALL',
        tagIds: [4],
      },
      { timezone: 'UTC', changeOfDayTime: '00:00' },
    );
    expect(conditions.map((c) => c.type)).toEqual(['date', 'date', 'hours', 'day', 'gender', 'category']);
    expect(conditions[3]).toEqual({ type: 'day', operator: 'IS_NOT', values: ['6', '7'] });
  });

  it('drops the filter types a widget ignores', () => {
    const conditions = toRetailConditions({ timespans: [{ dateBegin: '2026-01-05', dateEnd: '2026-01-05' }], gender: 'MALE' }, paris, ['date', 'gender']);
    expect(conditions).toEqual([]);
  });
});
