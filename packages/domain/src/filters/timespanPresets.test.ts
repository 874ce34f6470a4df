import { describe, expect, it } from 'vitest';
import { TIMESPAN_PRESETS, calendarWeeks, isoDateAddMonths, presetRange, startOfWeek, timespanPreset } from './timespanPresets.ts';

describe('timespan presets', () => {
  it.each([
    ['today', '2026-03-18', '2026-03-18'],
    ['yesterday', '2026-03-17', '2026-03-17'],
    ['last7Days', '2026-03-12', '2026-03-18'],
    ['last14Days', '2026-03-05', '2026-03-18'],
    ['last30Days', '2026-02-17', '2026-03-18'],
    ['last90Days', '2025-12-19', '2026-03-18'],
    ['lastMonth', '2026-02-18', '2026-03-18'],
    ['lastQuarter', '2025-12-18', '2026-03-18'],
  ] as const)('%s on 2026-03-18 runs %s to %s', (preset, begin, end) => {
    expect(presetRange(preset, '2026-03-18')).toEqual({ dateBegin: begin, dateEnd: end });
  });

  it('offers both lists of the spec as one, reading the old ids as aliases', () => {
    expect(TIMESPAN_PRESETS).toEqual(['today', 'yesterday', 'last7Days', 'last14Days', 'last30Days', 'lastMonth', 'last90Days', 'lastQuarter']);
    expect(timespanPreset('lastWeek')).toBe('last7Days');
    expect(timespanPreset('last2Weeks')).toBe('last14Days');
    expect(timespanPreset('custom')).toBeNull();
    expect(timespanPreset('constructor')).toBeNull();
  });

  it('counts months back on the calendar, clamping to the shorter month', () => {
    expect(presetRange('lastMonth', '2026-03-31')).toEqual({ dateBegin: '2026-02-28', dateEnd: '2026-03-31' });
    expect(presetRange('lastQuarter', '2026-05-31')).toEqual({ dateBegin: '2026-02-28', dateEnd: '2026-05-31' });
    expect(isoDateAddMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(isoDateAddMonths('2026-01-15', -3)).toBe('2025-10-15');
  });

  it('starts weeks on Monday', () => {
    expect(startOfWeek('2026-03-18')).toBe('2026-03-16');
    expect(startOfWeek('2026-03-16')).toBe('2026-03-16');
    expect(startOfWeek('2026-03-22')).toBe('2026-03-16');
    const weeks = calendarWeeks(2026, 3);
    expect(weeks[0]![0]).toBe('2026-02-23');
    expect(weeks.at(-1)!.at(-1)).toBe('2026-04-05');
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(calendarWeeks(2027, 2)).toHaveLength(4);
  });
});
