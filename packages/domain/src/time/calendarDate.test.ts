import { describe, expect, it } from 'vitest';
import { isoDateAddDays, isoDateDiffDays, isoWeekday, parseIsoDate, parseTimeOfDay } from './calendarDate.ts';

describe('parseIsoDate', () => {
  it.each([
    ['2026-03-29', { year: 2026, month: 3, day: 29 }],
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    ['2026-02-29', null],
    ['2026-13-01', null],
    ['2026-3-29', null],
    ['29.03.2026', null],
    ['', null],
  ])('%s → %o', (value, expected) => {
    expect(parseIsoDate(value)).toEqual(expected);
  });
});

describe('isoDateAddDays', () => {
  it.each([
    ['2026-03-29', 1, '2026-03-30'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-06-15', 0, '2026-06-15'],
  ])('%s %+d → %s', (date, days, expected) => {
    expect(isoDateAddDays(date, days)).toBe(expected);
  });
});

describe('isoDateDiffDays and isoWeekday', () => {
  it.each([
    ['2026-03-01', '2026-03-08', 7],
    ['2026-03-08', '2026-03-01', -7],
    ['2025-12-31', '2026-01-01', 1],
    ['2026-03-29', '2026-03-30', 1], // a DST weekend is still one calendar day
  ])('%s → %s is %d days', (from, to, expected) => {
    expect(isoDateDiffDays(from, to)).toBe(expected);
  });

  it.each([
    ['2026-06-15', 1],
    ['2026-06-17', 3],
    ['2026-06-21', 7],
    ['2026-01-01', 4],
  ])('%s is ISO weekday %d', (date, expected) => {
    expect(isoWeekday(date)).toBe(expected);
  });
});

describe('parseTimeOfDay', () => {
  it.each([
    ['00:00', 0],
    ['04:00', 240],
    ['23:59', 1439],
  ])('%s → %d minutes', (value, expected) => {
    expect(parseTimeOfDay(value)).toBe(expected);
  });

  it.each(['24:00', '4:00', '04:60', 'noon', ''])('rejects %j', (value) => {
    expect(() => parseTimeOfDay(value)).toThrow(RangeError);
  });
});
