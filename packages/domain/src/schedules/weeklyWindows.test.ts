import { describe, expect, it } from 'vitest';
import { scheduleActive } from '../alerts/alertConditions.ts';
import { scheduleWindowProblem } from '../alerts/alertDraft.ts';
import { type WeeklyWindow, weeklyOfWindows, weeklyWindowProblem, weeklyWindowsProblem, windowsOfWeekly } from './weeklyWindows.ts';

const weekdays: WeeklyWindow = { days: [1, 2, 3, 4, 5], from: '08:30', to: '18:00' };
const night: WeeklyWindow = { days: [6], from: '22:00', to: '06:00' };

describe('custom weekly windows of an alert', () => {
  it.each([
    ['no day', { days: [], from: '08:00', to: '09:00' }, 'noDays'],
    ['a day past Sunday', { days: [8], from: '08:00', to: '09:00' }, 'invalidDay'],
    ['a time that is not a clock time', { days: [1], from: '8h', to: '09:00' }, 'invalidTime'],
    ['24:00 as a start', { days: [1], from: '24:00', to: '09:00' }, 'invalidTime'],
    ['25:00 as an end', { days: [1], from: '08:00', to: '25:00' }, 'invalidTime'],
    ['the same start and end', { days: [1], from: '08:00', to: '08:00' }, 'emptyWindow'],
    ['a day', { days: [1], from: '00:00', to: '24:00' }, null],
    ['a night', night, null],
  ] as const)('%s: %s', (_name, w, expected) => expect(weeklyWindowProblem({ ...w, days: [...w.days] })).toBe(expected));

  it('names the first window that cannot be saved', () => {
    expect(weeklyWindowsProblem([weekdays, { days: [], from: '08:00', to: '09:00' }])).toEqual({ index: 1, reason: 'noDays' });
    expect(weeklyWindowsProblem([weekdays, night])).toBeNull();
  });

  it('stores one window per day; a night ends the next day, Sunday night on Monday', () => {
    const stored = windowsOfWeekly([{ days: [3, 1], from: '08:30', to: '18:00' }, { days: [7], from: '22:00', to: '06:00' }]);
    expect(stored).toEqual([
      { beginDay: 1, beginHour: 8, beginMinute: 30, endDay: 1, endHour: 18, endMinute: 0, reset: false },
      { beginDay: 3, beginHour: 8, beginMinute: 30, endDay: 3, endHour: 18, endMinute: 0, reset: false },
      { beginDay: 7, beginHour: 22, beginMinute: 0, endDay: 1, endHour: 6, endMinute: 0, reset: false },
    ]);
    expect(stored.map(scheduleWindowProblem)).toEqual([null, null, null]);
  });

  it('reads stored windows back, gathering the days of the same hours', () => {
    expect(weeklyOfWindows(windowsOfWeekly([weekdays, night, { days: [6], from: '10:00', to: '00:00' }]))).toEqual([weekdays, night, { days: [6], from: '10:00', to: '00:00' }]);
    // Midnight as an end reads 00:00, as a clock input shows it; a whole day keeps 24:00.
    expect(weeklyOfWindows(windowsOfWeekly([{ days: [7], from: '10:00', to: '24:00' }, { days: [1], from: '00:00', to: '24:00' }]))).toEqual([
      { days: [7], from: '10:00', to: '00:00' },
      { days: [1], from: '00:00', to: '24:00' },
    ]);
    // A window over several days has no line in the form.
    expect(weeklyOfWindows([{ beginDay: 1, beginHour: 8, beginMinute: 0, endDay: 3, endHour: 8, endMinute: 0, reset: false }])).toBeNull();
  });

  it('arms the alert inside the windows only, on the site’s clock (Lyon, winter: UTC+1)', () => {
    const stored = windowsOfWeekly([weekdays, night]);
    // Monday 2026-01-05 08:29 and 08:30 in Lyon.
    expect(scheduleActive(stored, Date.parse('2026-01-05T07:29:00Z'), 'Europe/Paris')).toBe(false);
    expect(scheduleActive(stored, Date.parse('2026-01-05T07:30:00Z'), 'Europe/Paris')).toBe(true);
    // Sunday 2026-01-04 05:59 (Saturday's night) and 06:00.
    expect(scheduleActive(stored, Date.parse('2026-01-04T04:59:00Z'), 'Europe/Paris')).toBe(true);
    expect(scheduleActive(stored, Date.parse('2026-01-04T05:00:00Z'), 'Europe/Paris')).toBe(false);
  });
});
