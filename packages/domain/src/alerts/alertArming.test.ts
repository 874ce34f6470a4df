import { describe, expect, it } from 'vitest';
import type { OpeningHoursWindow } from '../installations/openingHours.ts';
import { ALERT_REARM_MINUTES, armedSince, messageAllowed, nextReminderAt, rearmAt, reminderDue, scheduleWindowStart } from './alertArming.ts';

const w = (beginDay: number, beginHour: number, beginMinute: number, endDay: number, endHour: number, endMinute: number): OpeningHoursWindow => ({ beginDay, beginHour, beginMinute, endDay, endHour, endMinute, reset: false });
const at = (iso: string) => Date.parse(iso);

describe('scheduleWindowStart', () => {
  // 2026-12-01 is a Tuesday; Paris is UTC+1 in winter, UTC+2 in summer.
  const tuesday15to16 = [w(2, 15, 0, 2, 16, 0)];
  it.each([
    ['inside the window: its begin', tuesday15to16, '2026-12-01T14:20:30Z', '2026-12-01T14:00:00Z'],
    ['at the very begin', tuesday15to16, '2026-12-01T14:00:00Z', '2026-12-01T14:00:00Z'],
    ['before it: not armed', tuesday15to16, '2026-12-01T13:57:44Z', null],
    ['after it: not armed', tuesday15to16, '2026-12-01T15:00:00Z', null],
    ['windows that meet are one stretch (Mon 22:00 to Tue 06:00)', [w(1, 22, 0, 1, 24, 0), w(2, 0, 0, 2, 6, 0)], '2026-12-01T03:00:00Z', '2026-11-30T21:00:00Z'],
    ['a night window past midnight', [w(6, 22, 0, 7, 6, 0)], '2026-12-06T02:00:00Z', '2026-12-05T21:00:00Z'],
    ['a wrap past Sunday midnight', [w(7, 20, 0, 1, 6, 0)], '2026-11-30T01:00:00Z', '2026-11-29T19:00:00Z'],
    ['across the spring change of offset (begins 01:00 CET, read at 05:00 CEST)', [w(7, 1, 0, 7, 9, 0)], '2026-03-29T03:00:00Z', '2026-03-29T00:00:00Z'],
    ['Kolkata half-hour zone', [w(2, 9, 0, 2, 18, 0)], '2026-12-01T05:00:00Z', '2026-12-01T03:30:00Z'],
  ] as const)('%s', (_n, windows, ts, expected) => {
    const start = scheduleWindowStart(windows, at(ts), _n.startsWith('Kolkata') ? 'Asia/Kolkata' : 'Europe/Paris');
    expect(start === null ? null : new Date(start).toISOString()).toBe(expected === null ? null : new Date(expected).toISOString());
  });

  it('no window is always armed, and so is a week of windows that meet', () => {
    expect(scheduleWindowStart([], at('2026-12-01T10:00:00Z'), 'Europe/Paris')).toBe(Number.NEGATIVE_INFINITY);
    const week = [1, 2, 3, 4, 5, 6, 7].map((d) => w(d, 0, 0, d, 24, 0));
    expect(scheduleWindowStart(week, at('2026-12-01T10:00:00Z'), 'Europe/Paris')).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe('armedSince', () => {
  const windows = [w(2, 15, 0, 2, 16, 0)];
  it('reads from the window’s begin, or from the arming when later, and not at all outside', () => {
    const tz = 'Europe/Paris';
    expect(armedSince({ windows, armedAt: at('2026-11-01T00:00:00Z'), ts: at('2026-12-01T14:00:00Z'), tz })).toBe(at('2026-12-01T14:00:00Z'));
    expect(armedSince({ windows, armedAt: at('2026-12-01T14:10:00Z'), ts: at('2026-12-01T14:20:00Z'), tz })).toBe(at('2026-12-01T14:10:00Z'));
    expect(armedSince({ windows, armedAt: at('2026-11-01T00:00:00Z'), ts: at('2026-12-01T13:59:59Z'), tz })).toBeNull();
    // Always: from the arming (a schedule changed to Always reads only readings from the change on).
    expect(armedSince({ windows: [], armedAt: at('2026-12-01T13:58:30Z'), ts: at('2026-12-01T14:00:00Z'), tz })).toBe(at('2026-12-01T13:58:30Z'));
  });
});

describe('reminders, re-arming and the message cap', () => {
  it('a reminder is due a period after the previous due instant, never earlier than the tolerance', () => {
    const o = { reminderMinutes: 2, lastDueAt: 0 };
    expect(nextReminderAt(o)).toBe(120_000);
    expect(reminderDue({ ...o, now: 110_000 })).toBe(false);
    expect(reminderDue({ ...o, now: 119_000 })).toBe(true);
    expect(reminderDue({ ...o, now: 120_000 })).toBe(true);
    expect(reminderDue({ reminderMinutes: null, lastDueAt: 0, now: 10 ** 9 })).toBe(false);
    expect(nextReminderAt({ reminderMinutes: null, lastDueAt: 0 })).toBeNull();
  });

  it('an episode ends ALERT_REARM_MINUTES after its condition stopped holding', () => {
    expect(rearmAt(1_000)).toBe(1_000 + ALERT_REARM_MINUTES * 60_000);
  });

  it('most messages per alert: 0 is no cap, else fewer sent over the period than the cap', () => {
    expect(messageAllowed(0, 99)).toBe(true);
    expect(messageAllowed(3, 2)).toBe(true);
    expect(messageAllowed(3, 3)).toBe(false);
  });
});
