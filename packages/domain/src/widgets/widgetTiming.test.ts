import { describe, expect, it } from 'vitest';
import { pollInterval, widgetTiming } from './widgetTiming.ts';

const site = {
  timezone: 'Europe/Paris',
  changeOfDayTime: '05:00',
  // Monday to Sunday 09:00-20:00.
  openingHours: [1, 2, 3, 4, 5, 6, 7].map((d) => ({ beginDay: d, beginHour: 9, beginMinute: 0, endDay: d, endHour: 20, endMinute: 0, reset: false })),
};
// Wednesday 2026-11-18 at 11:00 in Paris (10:00 UTC).
const openInstant = Date.parse('2026-11-18T10:00:00Z');
const closedInstant = Date.parse('2026-11-18T21:30:00Z');
const today = { dateBegin: '2026-11-18', dateEnd: '2026-11-18' };

describe('widgetTiming', () => {
  it('is live for today alone while the site is open', () => {
    expect(widgetTiming({ timespans: [today] }, site, openInstant)).toEqual({ includesNow: true, openNow: true, live: true, dropInside: false });
  });

  it('is historical, and drops inside, once the site has closed', () => {
    expect(widgetTiming({ timespans: [today] }, site, closedInstant)).toMatchObject({ includesNow: true, live: false, dropInside: true });
  });

  it('keeps inside for a past day, whether the site is open now or not', () => {
    const yesterday = { dateBegin: '2026-11-17', dateEnd: '2026-11-17' };
    expect(widgetTiming({ timespans: [yesterday] }, site, closedInstant)).toEqual({ includesNow: false, openNow: false, live: false, dropInside: false });
    expect(widgetTiming({ timespans: [yesterday] }, site, openInstant).dropInside).toBe(false);
  });

  it('counts the hours before the change of day as the previous business day', () => {
    // 03:00 in Paris on the 19th still belongs to the 18th.
    expect(widgetTiming({ timespans: [today] }, site, Date.parse('2026-11-19T02:00:00Z')).includesNow).toBe(true);
  });

  it('keeps inside for the default "yesterday" between midnight and the change of day, the site closed', () => {
    // 01:30 in Paris on the 19th: the business day of the 18th runs until 05:00, but the site closed at 20:00
    // and the filter bar shows yesterday (the 18th), whose occupancy stays meaningful; the calendar day (19th) drops it.
    const night = Date.parse('2026-11-19T00:30:00Z');
    expect(widgetTiming({ timespans: [today] }, site, night)).toEqual({ includesNow: true, openNow: false, live: false, dropInside: false });
    expect(widgetTiming({ timespans: [{ dateBegin: '2026-11-19', dateEnd: '2026-11-19' }] }, site, night).dropInside).toBe(true);
  });

  it('drops inside for several ranges and is not live over a week', () => {
    const timing = widgetTiming({ timespans: [{ dateBegin: '2026-11-01', dateEnd: '2026-11-02' }, { dateBegin: '2026-11-12', dateEnd: '2026-11-18' }] }, site, openInstant);
    expect(timing).toMatchObject({ includesNow: true, live: false, dropInside: true });
  });

  it('polls only when the range includes the present', () => {
    const past = widgetTiming({ timespans: [{ dateBegin: '2026-11-01', dateEnd: '2026-11-07' }] }, site, openInstant);
    expect(pollInterval('fast', past)).toBe(0);
    const now = widgetTiming({ timespans: [today] }, site, openInstant);
    expect(pollInterval('fast', now)).toBe(60_000);
    expect(pollInterval('slow', now)).toBe(300_000);
    expect(pollInterval(null, now)).toBe(300_000);
  });
});
