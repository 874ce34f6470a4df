import { describe, expect, it } from 'vitest';
import type { OpeningHoursWindow } from './openingHours.ts';
import { CLOSED_DAYS_NAMED, closedDays, closedDaysSummary, defaultTimespanDate, defaultTimespanDay, HOUR_PRESETS, isClosedDay, isOpenAt } from './openingHoursRules.ts';

const utc = (iso: string): number => Date.parse(iso);
const w = (beginDay: number, begin: string, endDay: number, end: string): OpeningHoursWindow => {
  const [beginHour = 0, beginMinute = 0] = begin.split(':').map(Number);
  const [endHour = 0, endMinute = 0] = end.split(':').map(Number);
  return { beginDay, beginHour, beginMinute, endDay, endHour, endMinute, reset: false };
};
const SHOP = [1, 2, 3, 4, 5, 6].map((d) => w(d, '09:00', d, '19:00')); // Monday to Saturday
const NIGHT = [w(5, '22:00', 6, '04:00')]; // Friday night past midnight
const WEEK_WRAP = [w(7, '22:00', 1, '02:00')]; // Sunday night into Monday
const FULL_DAY = [w(1, '00:00', 1, '24:00')];
const ALL_WEEK = [w(1, '00:00', 1, '00:00')];
const PARIS = 'Europe/Paris';

// 2026-06-15 is a Monday; Paris is UTC+2 in June.
describe('isOpenAt', () => {
  it.each([
    ['no windows: always open', [], PARIS, '2026-06-14T03:00:00Z', true],
    ['Monday 08:59 before opening', SHOP, PARIS, '2026-06-15T06:59:00Z', false],
    ['Monday 09:00 at opening', SHOP, PARIS, '2026-06-15T07:00:00Z', true],
    ['Monday 18:59', SHOP, PARIS, '2026-06-15T16:59:00Z', true],
    ['Monday 19:00 at closing', SHOP, PARIS, '2026-06-15T17:00:00Z', false],
    ['Sunday noon, no window', SHOP, PARIS, '2026-06-21T10:00:00Z', false],
    ['Friday 23:30 in a window past midnight', NIGHT, PARIS, '2026-06-19T21:30:00Z', true],
    ['Saturday 03:59 still in it', NIGHT, PARIS, '2026-06-20T01:59:00Z', true],
    ['Saturday 04:00 closed', NIGHT, PARIS, '2026-06-20T02:00:00Z', false],
    ['Friday 21:59 not yet open', NIGHT, PARIS, '2026-06-19T19:59:00Z', false],
    ['Sunday 23:00 in a window wrapping the week', WEEK_WRAP, PARIS, '2026-06-21T21:00:00Z', true],
    ['Monday 01:30 in it', WEEK_WRAP, PARIS, '2026-06-14T23:30:00Z', true],
    ['Monday 02:00 closed', WEEK_WRAP, PARIS, '2026-06-15T00:00:00Z', false],
    ['Monday 23:59 in a 00:00-24:00 window', FULL_DAY, PARIS, '2026-06-15T21:59:00Z', true],
    ['Tuesday 00:00 after it', FULL_DAY, PARIS, '2026-06-15T22:00:00Z', false],
    ['window ending where it begins covers the week', ALL_WEEK, PARIS, '2026-06-18T12:00:00Z', true],
    ['read in the site zone: 03:30 in New York', SHOP, 'America/New_York', '2026-06-15T07:30:00Z', false],
    ['same instant 09:30 in Paris', SHOP, PARIS, '2026-06-15T07:30:00Z', true],
    ['Kolkata 08:45', SHOP, 'Asia/Kolkata', '2026-06-15T03:15:00Z', false],
    ['Kolkata 09:00', SHOP, 'Asia/Kolkata', '2026-06-15T03:30:00Z', true],
    ['Paris 09:30 on the 23-hour DST Sunday', [w(7, '09:00', 7, '19:00')], PARIS, '2026-03-29T07:30:00Z', true],
  ])('%s', (_label, windows, tz, ts, expected) => {
    expect(isOpenAt(utc(ts), windows, tz)).toBe(expected);
  });
});

describe('defaultTimespanDay', () => {
  it.each([
    ['no hours, no change of day', [], null, '2026-06-15T01:00:00Z', 'today'],
    ['before a 04:00 change of day (03:00)', [], '04:00', '2026-06-15T01:00:00Z', 'yesterday'],
    ['after a 04:00 change of day (05:00)', [], '04:00', '2026-06-15T03:00:00Z', 'today'],
    ['exactly at the change of day', [], '04:00', '2026-06-15T02:00:00Z', 'today'],
    ['open, midnight change of day', SHOP, '00:00', '2026-06-15T08:00:00Z', 'today'],
    ['before opening', SHOP, '00:00', '2026-06-15T06:00:00Z', 'yesterday'],
    ['after closing', SHOP, undefined, '2026-06-15T18:00:00Z', 'yesterday'],
    ['closed day (Sunday)', SHOP, null, '2026-06-21T10:00:00Z', 'yesterday'],
    ['open past midnight but before the 04:00 change of day', NIGHT, '04:00', '2026-06-20T00:30:00Z', 'yesterday'],
    ['03:30 on the Paris spring DST day with 04:00 change of day', [], '04:00', '2026-03-29T01:30:00Z', 'yesterday'],
    ['04:30 on the same day', [], '04:00', '2026-03-29T02:30:00Z', 'today'],
  ] as const)('%s → %s', (_label, openingHours, changeOfDay, ts, expected) => {
    expect(defaultTimespanDay(utc(ts), { tz: PARIS, openingHours, changeOfDay })).toBe(expected);
  });
});

describe('defaultTimespanDate', () => {
  it.each([
    ['open: today', SHOP, '00:00', '2026-06-15T08:00:00Z', '2026-06-15'],
    ['Monday before opening: the calendar yesterday (Sunday, closed)', SHOP, '00:00', '2026-06-15T06:00:00Z', '2026-06-14'],
    ['Sunday morning, closed: Saturday', SHOP, null, '2026-06-21T06:00:00Z', '2026-06-20'],
    ['03:00 before a 04:00 change of day: the business day still running, the calendar yesterday', [], '04:00', '2026-06-15T01:00:00Z', '2026-06-14'],
    ['00:30 in Paris is still the 14th in UTC: read in the site zone', [], null, '2026-06-14T22:30:00Z', '2026-06-15'],
    ['first of the month while closed: last day of the previous month', SHOP, null, '2026-07-01T04:00:00Z', '2026-06-30'],
  ] as const)('%s → %s', (_label, openingHours, changeOfDay, ts, expected) => {
    expect(defaultTimespanDate(utc(ts), { tz: PARIS, openingHours, changeOfDay })).toBe(expected);
  });
});

// 2026-06-14 is a Sunday, 2026-06-20 a Saturday; 2026-03-29 the 23-hour Sunday in Paris.
describe('isClosedDay', () => {
  it.each([
    ['no windows: never closed', [], '2026-06-14', '00:00', false],
    ['a shop open Monday to Saturday, on Sunday', SHOP, '2026-06-14', '00:00', true],
    ['the same shop on Saturday', SHOP, '2026-06-20', '00:00', false],
    ['Sunday on the 23-hour day', SHOP, '2026-03-29', '00:00', true],
    ['Saturday of a Friday-night window past midnight, with a midnight change of day', NIGHT, '2026-06-20', '00:00', false],
    ['the same Saturday when the business day starts at 04:00, after the window', NIGHT, '2026-06-20', '04:00', true],
    ['that Friday with a 04:00 change of day holds the whole night', NIGHT, '2026-06-19', '04:00', false],
    ['Monday of a window wrapping the week (Sunday 22:00 to Monday 02:00)', WEEK_WRAP, '2026-06-15', '00:00', false],
    ['Wednesday of that window', WEEK_WRAP, '2026-06-17', '00:00', true],
    ['Sunday whose business day runs into Monday 02:00', WEEK_WRAP, '2026-06-14', '04:00', false],
    ['a window ending where it begins covers the week', ALL_WEEK, '2026-06-14', '00:00', false],
  ] as const)('%s → %s', (_label, windows, date, changeOfDay, expected) => {
    expect(isClosedDay(date, windows, changeOfDay)).toBe(expected);
  });
});

describe('closedDays', () => {
  it.each([
    ['a week of a shop closed on Sundays, in Paris', SHOP, PARIS, '00:00', '2026-06-14T22:00:00Z', '2026-06-21T22:00:00Z', ['2026-06-21']],
    ['the Sunday alone (a report of one day)', SHOP, PARIS, '00:00', '2026-06-20T22:00:00Z', '2026-06-21T22:00:00Z', ['2026-06-21']],
    ['the Saturday alone', SHOP, PARIS, '00:00', '2026-06-19T22:00:00Z', '2026-06-20T22:00:00Z', []],
    ['the 23-hour Sunday of London with a 04:00 change of day', SHOP, 'Europe/London', '04:00', '2026-03-29T03:00:00Z', '2026-03-30T03:00:00Z', ['2026-03-29']],
    ['two weeks: both Sundays', SHOP, PARIS, '00:00', '2026-06-07T22:00:00Z', '2026-06-21T22:00:00Z', ['2026-06-14', '2026-06-21']],
    ['no windows: none', [], PARIS, '00:00', '2026-06-14T22:00:00Z', '2026-06-21T22:00:00Z', []],
  ] as const)('%s', (_label, windows, tz, changeOfDay, from, to, expected) => {
    expect(closedDays(utc(from), utc(to), windows, tz, changeOfDay)).toEqual(expected);
  });
});

describe('HOUR_PRESETS', () => {
  it.each([
    ['morning', [0, 12]],
    ['afternoon', [12, 24]],
    ['openingHours', [8, 19]],
  ] as const)('%s covers %j', (name, range) => {
    expect(HOUR_PRESETS[name]).toEqual(range);
  });
});

describe('closedDaysSummary', () => {
  const WEEKDAYS = [1, 2, 3, 4, 5].map((d) => w(d, '09:00', d, '19:00')); // Monday to Friday
  it(`names up to ${CLOSED_DAYS_NAMED} closed days, and counts more, by weekday`, () => {
    // Monday 02/11/2026 for 21 days: three Sundays.
    const three = closedDaysSummary(utc('2026-11-02T00:00:00Z'), utc('2026-11-23T00:00:00Z'), SHOP, 'UTC');
    expect(three).toEqual({ dates: ['2026-11-08', '2026-11-15', '2026-11-22'], named: true, weekdays: [7] });
    const four = closedDaysSummary(utc('2026-11-02T00:00:00Z'), utc('2026-11-30T00:00:00Z'), SHOP, 'UTC');
    expect(four).toMatchObject({ named: false, weekdays: [7] });
    expect(four.dates).toHaveLength(4);
    // A year of a shop closed on weekends: 104 days, every Saturday and Sunday.
    const year = closedDaysSummary(utc('2025-11-30T23:00:00Z'), utc('2026-11-29T23:00:00Z'), WEEKDAYS, 'Europe/Paris');
    expect(year).toMatchObject({ named: false, weekdays: [6, 7] });
    expect(year.dates).toHaveLength(104);
    expect(year.dates).toEqual(closedDays(utc('2025-11-30T23:00:00Z'), utc('2026-11-29T23:00:00Z'), WEEKDAYS, 'Europe/Paris'));
  });

  it('says nothing of a site always open', () => {
    expect(closedDaysSummary(utc('2026-11-02T00:00:00Z'), utc('2026-11-30T00:00:00Z'), [], 'UTC')).toEqual({ dates: [], named: true, weekdays: null });
  });
});
