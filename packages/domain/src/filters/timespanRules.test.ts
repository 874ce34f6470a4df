import { describe, expect, it } from 'vitest';
import { filterContext } from './filterContext.ts';
import { context, initial } from './filterFixtures.test-support.ts';
import { selectEvent } from './eventFilter.ts';
import { applyCustomRanges, canRemoveTimespan, choosePreset, isSelectableDate, removeTimespan, timespanConditionId, validateCustomRanges } from './timespanRules.ts';

const ctx = context();

describe('default timespan', () => {
  const site = { timezone: 'Europe/Paris', changeOfDayTime: '05:00', creationDate: '2025-06-01T00:00:00Z', openingHours: [] };
  const mall = { ...site, openingHours: [{ beginDay: 3, beginHour: 9, beginMinute: 0, endDay: 3, endHour: 20, endMinute: 0, reset: true }] };
  it('is Today while the site is open and its day has started', () => {
    const c = filterContext(Date.parse('2026-03-18T10:00:00Z'), mall, { pageKind: 'counting' });
    expect(c).toMatchObject({ today: '2026-03-18', minDate: '2025-06-01', defaultPreset: 'today' });
    expect(initial(c).timespans).toEqual([{ label: 'today', dateBegin: '2026-03-18', dateEnd: '2026-03-18' }]);
  });
  it('is Yesterday outside opening hours', () => {
    const c = filterContext(Date.parse('2026-03-18T21:00:00Z'), mall, { pageKind: 'counting' });
    expect(initial(c).timespans).toEqual([{ label: 'yesterday', dateBegin: '2026-03-17', dateEnd: '2026-03-17' }]);
  });
  it('is Yesterday before the change-of-day time, even with no opening hours', () => {
    const c = filterContext(Date.parse('2026-03-18T03:00:00Z'), site, { pageKind: 'counting' });
    expect(c.today).toBe('2026-03-18');
    expect(c.defaultPreset).toBe('yesterday');
  });
  it('takes 2016-01-01 as the first date when the creation date is unknown', () => {
    expect(filterContext(0, { timezone: 'UTC', creationDate: null }, { pageKind: 'counting' }).minDate).toBe('2016-01-01');
  });
});

describe('custom ranges', () => {
  it('accepts ranges inside [creation date, today] that do not overlap', () => {
    expect(validateCustomRanges([{ dateBegin: '2025-06-01', dateEnd: '2025-06-30' }, { dateBegin: '2026-03-18', dateEnd: '2026-03-18' }], ctx)).toEqual([]);
  });
  it('requires both dates, with the message on the missing field', () => {
    expect(validateCustomRanges([{ dateBegin: '2026-03-01', dateEnd: null }, { dateBegin: '', dateEnd: '2026-03-02' }], ctx)).toEqual([
      { index: 0, field: 'dateEnd', error: 'required' },
      { index: 1, field: 'dateBegin', error: 'required' },
    ]);
  });
  it('refuses an end before the start, dates out of bounds and malformed dates', () => {
    const issues = validateCustomRanges(
      [
        { dateBegin: '2026-03-10', dateEnd: '2026-03-09' },
        { dateBegin: '2025-05-31', dateEnd: '2025-06-02' },
        { dateBegin: '2026-03-01', dateEnd: '2026-03-19' },
        { dateBegin: '2026-02-30', dateEnd: '2026-03-01' },
      ],
      ctx,
    );
    expect(issues.map((i) => [i.index, i.field, i.error])).toEqual([
      [0, 'dateEnd', 'endBeforeStart'],
      [1, 'dateBegin', 'beforeMinDate'],
      [2, 'dateEnd', 'afterToday'],
      [3, 'dateBegin', 'invalid'],
    ]);
  });
  it('refuses ranges sharing a day, and an empty list', () => {
    expect(validateCustomRanges([{ dateBegin: '2026-03-01', dateEnd: '2026-03-05' }, { dateBegin: '2026-03-05', dateEnd: '2026-03-06' }], ctx)).toEqual([
      { index: 1, field: 'dateBegin', error: 'overlap' },
    ]);
    expect(validateCustomRanges([], ctx)).toEqual([{ index: -1, field: 'timespan', error: 'empty' }]);
  });
  it('applies valid ranges sorted, and ignores invalid ones', () => {
    const s = applyCustomRanges(initial(), [{ dateBegin: '2026-03-10', dateEnd: '2026-03-11' }, { dateBegin: '2026-03-01', dateEnd: '2026-03-02' }], ctx);
    expect(s.timespans.map((c) => [c.label, c.dateBegin])).toEqual([['custom', '2026-03-01'], ['custom', '2026-03-10']]);
    expect(applyCustomRanges(s, [{ dateBegin: '2026-03-10', dateEnd: null }], ctx)).toBe(s);
  });
  it('greys out dates before creation and after today', () => {
    expect([isSelectableDate('2025-05-31', ctx), isSelectableDate('2025-06-01', ctx), isSelectableDate('2026-03-18', ctx), isSelectableDate('2026-03-19', ctx)]).toEqual([false, true, true, false]);
  });
});

describe('removing timespans', () => {
  it('never removes Today alone', () => {
    const s = initial();
    const id = timespanConditionId(s.timespans[0]!);
    expect(canRemoveTimespan(s, id, ctx)).toBe(false);
    expect(removeTimespan(s, id, ctx)).toBe(s);
  });
  it('falls back to the default when the last condition of a preset or custom list goes', () => {
    const preset = choosePreset(initial(), 'last7Days', ctx);
    expect(removeTimespan(preset, timespanConditionId(preset.timespans[0]!), ctx).timespans).toEqual([{ label: 'today', dateBegin: '2026-03-18', dateEnd: '2026-03-18' }]);
    const custom = applyCustomRanges(initial(), [{ dateBegin: '2026-03-01', dateEnd: '2026-03-02' }, { dateBegin: '2026-03-05', dateEnd: '2026-03-06' }], ctx);
    const one = removeTimespan(custom, timespanConditionId(custom.timespans[0]!), ctx);
    expect(one.timespans.map((c) => c.dateBegin)).toEqual(['2026-03-05']);
    const none = removeTimespan(one, timespanConditionId(one.timespans[0]!), ctx);
    expect(none.timespans.map((c) => c.label)).toEqual(['today']);
  });
  it('falls back to Yesterday when that is the default, and then keeps it', () => {
    const c = context({ defaultPreset: 'yesterday' });
    const s = choosePreset(initial(c), 'last14Days', c);
    const back = removeTimespan(s, timespanConditionId(s.timespans[0]!), c);
    expect(back.timespans).toEqual([{ label: 'yesterday', dateBegin: '2026-03-17', dateEnd: '2026-03-17' }]);
    expect(canRemoveTimespan(back, timespanConditionId(back.timespans[0]!), c)).toBe(false);
  });
  it('removes the events tied to a removed timespan', () => {
    let s = applyCustomRanges(initial(), [{ dateBegin: '2026-03-01', dateEnd: '2026-03-05' }, { dateBegin: '2026-03-15', dateEnd: '2026-03-16' }], ctx);
    s = selectEvent(s, 7, ctx);
    expect(s.eventIds).toEqual([7]);
    const eventCondition = s.timespans.find((c) => c.eventId === 7)!;
    expect(removeTimespan(s, timespanConditionId(eventCondition), ctx).eventIds).toEqual([]);
  });
});
