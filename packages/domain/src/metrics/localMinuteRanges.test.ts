import { describe, expect, it } from 'vitest';
import { dailyHours, intersectRanges, onWholeHours, openingHoursRanges } from './localMinuteRanges.ts';

const win = (beginDay: number, beginHour: number, beginMinute: number, endDay: number, endHour: number, endMinute: number) => ({
  beginDay,
  beginHour,
  beginMinute,
  endDay,
  endHour,
  endMinute,
  reset: false,
});

describe('local minute ranges', () => {
  it('repeats daily hours on every weekday', () => {
    expect(dailyHours(8, 19)).toHaveLength(7);
    expect(dailyHours(8, 19)[6]).toEqual([6 * 1440 + 480, 6 * 1440 + 1140]);
    expect(() => dailyHours(19, 8)).toThrow(RangeError);
  });

  it.each([
    ['Monday 09:30-20:00', [win(1, 9, 30, 1, 20, 0)], [[570, 1200]]],
    ['Saturday night to Sunday', [win(6, 22, 0, 7, 2, 0)], [[5 * 1440 + 1320, 6 * 1440 + 120]]],
    ['Sunday night past Monday midnight wraps', [win(7, 22, 0, 1, 2, 0)], [[6 * 1440 + 1320, 10080], [0, 120]]],
  ])('turns opening hours into week minutes: %s', (_name, windows, expected) => {
    expect(openingHoursRanges(windows)).toEqual(expected);
  });

  it('intersects a preset with opening hours and tells whether hour rollups can answer', () => {
    const open = openingHoursRanges([win(1, 9, 30, 1, 20, 0)]);
    const morning = dailyHours(0, 12);
    expect(intersectRanges(morning, open)).toEqual([[570, 720]]);
    expect(onWholeHours(intersectRanges(morning, open))).toBe(false);
    expect(onWholeHours(dailyHours(8, 19))).toBe(true);
  });
});
