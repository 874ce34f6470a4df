import { describe, expect, it } from 'vitest';
import { inferredGranularity, keyLabel, timeLabel } from './categoryLabels.ts';
import { uniqueNames } from './legendOption.ts';

const words = { workingDays: 'Weekdays', weekend: 'Weekend', breakdownValue: (v: string) => ({ FEMALE: 'Women' })[v] };

describe('category labels', () => {
  it.each([
    ['1', 'en', 'Mon'],
    ['7', 'en', 'Sun'],
    ['03', 'fr', 'mars'],
    ['weekend', 'en', 'Weekend'],
    ['weekday', 'en', 'Weekdays'],
    ['W07', 'en', 'W07'],
    ['FEMALE', 'en', 'Women'],
    ['Level 1', 'en', 'Level 1'],
  ])('key %s in %s reads %s', (key, locale, label) => {
    expect(keyLabel(key, locale, words)).toBe(label);
  });

  it('writes buckets by their size in the site time zone', () => {
    const ts = Date.parse('2026-07-01T22:30:00Z');
    expect(timeLabel(ts, { format: 'DD/MM/YYYY', tz: 'Asia/Kolkata', granularity: 900, oneDay: true })).toBe('04:00');
    expect(timeLabel(ts, { format: 'MM/DD/YYYY', tz: 'Asia/Kolkata', granularity: 3600, oneDay: false })).toBe('07/02/2026 04:00');
    expect(timeLabel(ts, { format: 'DD.MM.YYYY', tz: 'America/New_York', granularity: 86400, oneDay: false })).toBe('01.07.2026');
    expect(timeLabel(ts, { format: 'DD.MM.YYYY', tz: 'Europe/Paris', granularity: 2592000, oneDay: false })).toBe('07.2026');
  });

  it('infers the bucket size from the smallest gap, months from four weeks', () => {
    expect(inferredGranularity([0, 900_000, 3_600_000])).toBe(900);
    expect(inferredGranularity([0, 29 * 86_400_000])).toBe(2_592_000);
    expect(inferredGranularity([0])).toBe(3600);
  });

  it('numbers repeated legend names so each toggles its own series', () => {
    expect(uniqueNames(['Hall', 'Hall', 'Shop', 'Hall'])).toEqual(['Hall', 'Hall (2)', 'Shop', 'Hall (3)']);
  });
});
