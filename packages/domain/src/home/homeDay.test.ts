import { describe, expect, it } from 'vitest';
import type { OpeningHoursWindow } from '../installations/openingHours.ts';
import { changePercent, homeDay, homeFigures, homeWeekday } from './homeDay.ts';

const utc = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const w = (day: number, from: number, to: number): OpeningHoursWindow => ({
  beginDay: day,
  beginHour: from,
  beginMinute: 0,
  endDay: day,
  endHour: to,
  endMinute: 0,
  reset: false,
});
const SHOP = [1, 2, 3, 4, 5, 6].map((d) => w(d, 9, 19));
const paris = { tz: 'Europe/Paris', openingHours: SHOP, changeOfDay: '00:00' };

function read(now: string, site = paris) {
  const d = homeDay(utc(now), site);
  return { day: d.day, date: d.date, comparisonDate: d.comparisonDate, current: d.current.map(iso), comparison: d.comparison.map(iso) };
}

// 2026-06-17 is a Wednesday; Paris is UTC+2 in June.
describe('homeDay', () => {
  it('while open: today up to now against last Wednesday up to the same time', () => {
    expect(read('2026-06-17T09:30:00Z')).toEqual({
      day: 'today',
      date: '2026-06-17',
      comparisonDate: '2026-06-10',
      current: ['2026-06-16T22:00:00.000Z', '2026-06-17T09:30:00.000Z'],
      comparison: ['2026-06-09T22:00:00.000Z', '2026-06-10T09:30:00.000Z'],
    });
  });

  it('before opening: the whole of yesterday against the whole of the same day a week before', () => {
    expect(read('2026-06-17T05:00:00Z')).toEqual({
      day: 'yesterday',
      date: '2026-06-16',
      comparisonDate: '2026-06-09',
      current: ['2026-06-15T22:00:00.000Z', '2026-06-16T22:00:00.000Z'],
      comparison: ['2026-06-08T22:00:00.000Z', '2026-06-09T22:00:00.000Z'],
    });
  });

  it('after closing: still today, complete by then', () => {
    expect(read('2026-06-17T19:30:00Z')).toMatchObject({ day: 'today', date: '2026-06-17', comparison: ['2026-06-09T22:00:00.000Z', '2026-06-10T19:30:00.000Z'] });
  });

  it('on a closed day (Sunday): yesterday, Saturday', () => {
    expect(read('2026-06-21T12:00:00Z')).toMatchObject({ day: 'yesterday', date: '2026-06-20', comparisonDate: '2026-06-13' });
  });

  it('without opening hours: always today', () => {
    expect(read('2026-06-21T03:00:00Z', { ...paris, openingHours: [] })).toMatchObject({ day: 'today', date: '2026-06-21' });
  });

  it('before the change-of-day time: the business day still running, named yesterday', () => {
    const site = { tz: 'Europe/Paris', openingHours: [], changeOfDay: '04:00' };
    // 03:00 on Wednesday: the business day of Tuesday runs until 04:00.
    expect(read('2026-06-17T01:00:00Z', site)).toEqual({
      day: 'yesterday',
      date: '2026-06-16',
      comparisonDate: '2026-06-09',
      current: ['2026-06-16T02:00:00.000Z', '2026-06-17T02:00:00.000Z'],
      comparison: ['2026-06-09T02:00:00.000Z', '2026-06-10T02:00:00.000Z'],
    });
    // 05:00: Wednesday has begun at 04:00.
    expect(read('2026-06-17T03:00:00Z', site)).toMatchObject({ day: 'today', current: ['2026-06-17T02:00:00.000Z', '2026-06-17T03:00:00.000Z'] });
  });

  it('compares the same wall-clock hours across a daylight-saving change', () => {
    // Wednesday 1 April 10:00 in Paris (UTC+2) against Wednesday 25 March 10:00 (UTC+1).
    expect(read('2026-04-01T08:00:00Z')).toMatchObject({
      comparisonDate: '2026-03-25',
      current: ['2026-03-31T22:00:00.000Z', '2026-04-01T08:00:00.000Z'],
      comparison: ['2026-03-24T23:00:00.000Z', '2026-03-25T09:00:00.000Z'],
    });
  });

  it('reads the day in the site’s zone, half-hour offsets included', () => {
    const kolkata = { tz: 'Asia/Kolkata', openingHours: [1, 2, 3, 4, 5].map((d) => w(d, 9, 18)), changeOfDay: '00:00' };
    // 2026-06-17T03:00Z is 08:30 in Kolkata: not open yet.
    expect(read('2026-06-17T03:00:00Z', kolkata)).toMatchObject({ day: 'yesterday', date: '2026-06-16', current: ['2026-06-15T18:30:00.000Z', '2026-06-16T18:30:00.000Z'] });
    // 04:00Z is 09:30: open.
    expect(read('2026-06-17T04:00:00Z', kolkata)).toMatchObject({ day: 'today', date: '2026-06-17', comparison: ['2026-06-09T18:30:00.000Z', '2026-06-10T04:00:00.000Z'] });
    expect(homeWeekday(homeDay(utc('2026-06-17T04:00:00Z'), kolkata))).toBe(3);
  });
});

describe('changePercent', () => {
  it.each([
    [120, 100, 20],
    [80, 100, -20],
    [5, -10, 150],
    [0, 50, -100],
    [10, 0, null],
    [null, 10, null],
    [10, null, null],
    [Number.NaN, 10, null],
  ])('%s against %s → %s', (current, previous, expected) => {
    expect(changePercent(current, previous)).toBe(expected);
  });
});

describe('homeFigures', () => {
  it('shows one figure per family the site covers, in a fixed order', () => {
    const ids = (families: string[]) => homeFigures(families).map((f) => f.metric);
    expect(ids(['atmosphere', 'counting'])).toEqual(['visitorsIn', 'comfortScore']);
    expect(ids(['energy', 'sales', 'counting'])).toEqual(['visitorsIn', 'turnover', 'electricityConsumption']);
    expect(homeFigures(['energy'])[0]?.higherIsBetter).toBe(false);
    expect(homeFigures([])).toEqual([]);
  });
});
