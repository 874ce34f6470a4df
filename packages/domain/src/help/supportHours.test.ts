import { describe, expect, it } from 'vitest';
import { supportHours, supportStatus } from './supportHours.ts';

const ZURICH = supportHours('Europe/Zurich');
const utc = (iso: string) => Date.parse(iso);
const sign = (n: number) => (n < 0 ? String(n) : `+${n}`);
const hm = (p: { hour: number; minute: number }) => `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;

function read(now: string, userTz: string, hours = ZURICH) {
  const s = supportStatus(utc(now), hours, userTz);
  return {
    open: s.open,
    start: `${s.window.start.parts.weekday} ${hm(s.window.start.parts)} ${sign(s.window.start.dayOffset)}`,
    end: `${s.window.end.parts.weekday} ${hm(s.window.end.parts)} ${sign(s.window.end.dayOffset)}`,
    endsNextDay: s.endsNextDay,
  };
}

// 2026-06-15 is a Monday. In June Zurich is UTC+2, New York UTC-4, Tokyo UTC+9, Kolkata UTC+5:30.
describe('supportStatus', () => {
  it.each([
    ['Monday 09:00 in Zurich: open', '2026-06-15T07:00:00Z', 'Europe/Zurich', { open: true, start: '1 09:00 +0', end: '1 18:00 +0', endsNextDay: false }],
    ['Monday 08:59 in Zurich: closed, opens at nine', '2026-06-15T06:59:00Z', 'Europe/Zurich', { open: false, start: '1 09:00 +0', end: '1 18:00 +0', endsNextDay: false }],
    ['Monday 18:00 in Zurich: closed, Tuesday next', '2026-06-15T16:00:00Z', 'Europe/Zurich', { open: false, start: '2 09:00 +1', end: '2 18:00 +1', endsNextDay: false }],
    ['Friday 17:59: still open', '2026-06-19T15:59:00Z', 'Europe/Zurich', { open: true, start: '5 09:00 +0', end: '5 18:00 +0', endsNextDay: false }],
    ['Saturday: closed until Monday', '2026-06-20T10:00:00Z', 'Europe/Zurich', { open: false, start: '1 09:00 +2', end: '1 18:00 +2', endsNextDay: false }],
    ['New York, Monday 03:30: open, 03:00 to 12:00 there', '2026-06-15T07:30:00Z', 'America/New_York', { open: true, start: '1 03:00 +0', end: '1 12:00 +0', endsNextDay: false }],
    ['New York, Sunday 22:00: closed, opens Monday 03:00', '2026-06-15T02:00:00Z', 'America/New_York', { open: false, start: '1 03:00 +1', end: '1 12:00 +1', endsNextDay: false }],
    ['Tokyo, Monday 23:00: open until 01:00 the next day', '2026-06-15T14:00:00Z', 'Asia/Tokyo', { open: true, start: '1 16:00 +0', end: '2 01:00 +1', endsNextDay: true }],
    ['Tokyo, Saturday 00:30: the Friday window still runs', '2026-06-19T15:30:00Z', 'Asia/Tokyo', { open: true, start: '5 16:00 -1', end: '6 01:00 +0', endsNextDay: true }],
    ['Kolkata, half-hour offset: 12:30 to 21:30', '2026-06-16T12:00:00Z', 'Asia/Kolkata', { open: true, start: '2 12:30 +0', end: '2 21:30 +0', endsNextDay: false }],
    ['Kiritimati (UTC+14), Saturday 05:00 is Friday 17:00 in Zurich: open', '2026-06-19T15:00:00Z', 'Pacific/Kiritimati', { open: true, start: '5 21:00 -1', end: '6 06:00 +0', endsNextDay: true }],
    ['Honolulu (UTC-10), Sunday 21:00 is Monday 09:00 in Zurich: open', '2026-06-15T07:00:00Z', 'Pacific/Honolulu', { open: true, start: '7 21:00 +0', end: '1 06:00 +1', endsNextDay: true }],
  ])('%s', (_label, now, tz, expected) => {
    expect(read(now, tz)).toEqual(expected);
  });

  it('follows both zones across daylight-saving changes that fall on different dates', () => {
    // 2026-03-09 (Monday): New York already on summer time (UTC-4), Zurich still on winter time (UTC+1).
    expect(read('2026-03-09T09:00:00Z', 'America/New_York')).toMatchObject({ open: true, start: '1 04:00 +0', end: '1 13:00 +0' });
    // 2026-03-30 (Monday): both on summer time again, five hours apart once more.
    expect(read('2026-03-30T08:00:00Z', 'America/New_York')).toMatchObject({ open: true, start: '1 03:00 +0', end: '1 12:00 +0' });
    // Monday 2026-03-30 in Zurich: 09:00 is 07:00 UTC, after the change of Sunday 29 March.
    expect(supportStatus(utc('2026-03-30T06:59:00Z'), ZURICH, 'UTC').open).toBe(false);
    expect(supportStatus(utc('2026-03-30T07:00:00Z'), ZURICH, 'UTC').open).toBe(true);
  });

  it('answers the same for every user zone on whether it is open, only the reading changes', () => {
    const now = utc('2026-06-17T12:00:00Z');
    const zones = ['Europe/Zurich', 'America/Los_Angeles', 'Asia/Tokyo', 'Australia/Adelaide', 'Pacific/Kiritimati', 'UTC'];
    const all = zones.map((tz) => supportStatus(now, ZURICH, tz));
    expect(new Set(all.map((s) => s.open))).toEqual(new Set([true]));
    expect(new Set(all.map((s) => s.window.start.ts)).size).toBe(1);
  });

  it('takes another desk zone from the configuration', () => {
    const montreal = supportHours('America/Toronto');
    expect(supportStatus(utc('2026-06-15T13:00:00Z'), montreal, 'America/Toronto').open).toBe(true);
    expect(supportStatus(utc('2026-06-15T12:59:00Z'), montreal, 'America/Toronto').open).toBe(false);
  });
});
