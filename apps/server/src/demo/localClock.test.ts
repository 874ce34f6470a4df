import { describe, expect, it } from 'vitest';
import { calendarDay, localClock } from './localClock.ts';
import { salesPeriods } from './salesPeriods.ts';

const at = (tz: string, iso: string) => {
  const t = localClock(tz)(Date.parse(iso));
  return { date: new Date(t.day * 86_400_000).toISOString().slice(0, 10), time: `${Math.floor(t.minute / 60)}:${String(t.minute % 60).padStart(2, '0')}`, offset: t.offsetMinutes };
};

describe('localClock', () => {
  it.each([
    ['Europe/Paris', '2026-03-29T00:45:00Z', '2026-03-29', '1:45', 60],
    ['Europe/Paris', '2026-03-29T01:00:00Z', '2026-03-29', '3:00', 120],
    ['Europe/Paris', '2025-10-26T00:45:00Z', '2025-10-26', '2:45', 120],
    ['Europe/Paris', '2025-10-26T01:00:00Z', '2025-10-26', '2:00', 60],
    ['Europe/London', '2026-03-12T23:59:00Z', '2026-03-12', '23:59', 0],
    ['Asia/Kolkata', '2026-03-12T10:07:00Z', '2026-03-12', '15:37', 330],
    ['Asia/Kolkata', '2026-03-12T18:30:00Z', '2026-03-13', '0:00', 330],
  ])('%s at %s is %s %s (UTC%+d min)', (tz, iso, date, time, offset) => {
    expect(at(tz, iso)).toEqual({ date, time, offset });
  });

  it('names weekdays and days of the year', () => {
    const day = Date.UTC(2026, 2, 12) / 86_400_000;
    expect(calendarDay(day)).toMatchObject({ weekday: 4, month: 3, date: 12, dayOfYear: 71, monthDay: '03-12' });
    expect(calendarDay(day + 3).weekday).toBe(7);
  });

  it('starts the sales on the second Wednesday of January and the last Wednesday of June', () => {
    const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
    expect(salesPeriods(2026).map((p) => [p.name, iso(p.begin), iso(p.end)])).toEqual([
      ['Winter sales 2026', '2026-01-14', '2026-02-11'],
      ['Summer sales 2026', '2026-06-24', '2026-07-22'],
    ]);
  });
});
