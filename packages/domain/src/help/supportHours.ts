// The customer hotline's hours (spec 002 §1, §5: five days a week, 9:00 to 18:00), kept in the
// support desk's own time zone, and what they are in the zone of the user who reads them.
import { isoDateAddDays, isoDateDiffDays, isoWeekday, parseTimeOfDay, toIsoDate } from '../time/calendarDate.ts';
import { type ZonedParts, zonedParts, zonedToUtc } from '../time/zonedTime.ts';

export interface SupportHours {
  /** ISO weekdays the desk answers: 1 = Monday ... 7 = Sunday. */
  days: readonly number[];
  /** Local 'HH:MM' in the desk's time zone. */
  open: string;
  close: string;
  /** IANA zone of the support desk. */
  timeZone: string;
}

export const SUPPORT_DAYS: readonly number[] = [1, 2, 3, 4, 5];
export const SUPPORT_OPENS = '09:00';
export const SUPPORT_CLOSES = '18:00';
/** Where the desk sits unless the server is configured otherwise (SUPPORT_TIMEZONE). */
export const DEFAULT_SUPPORT_TIME_ZONE = 'Europe/Zurich';

export const supportHours = (timeZone: string = DEFAULT_SUPPORT_TIME_ZONE): SupportHours => ({
  days: SUPPORT_DAYS,
  open: SUPPORT_OPENS,
  close: SUPPORT_CLOSES,
  timeZone,
});

/** A moment seen from the user's zone. */
export interface UserMoment {
  ts: number;
  parts: ZonedParts;
  /** Calendar days from the user's today: 0 today, 1 tomorrow ... */
  dayOffset: number;
}

export interface SupportStatus {
  open: boolean;
  /** The desk's current window while open, else its next one. */
  window: { start: UserMoment; end: UserMoment };
  /** The window ends on a later calendar day than it starts, in the user's zone (Tokyo: 16:00 to 01:00). */
  endsNextDay: boolean;
}

const calendarDate = (ts: number, tz: string): string => toIsoDate(zonedParts(ts, tz));

function at(date: string, time: string, tz: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const minutes = parseTimeOfDay(time);
  return zonedToUtc({ year, month, day, hour: Math.floor(minutes / 60), minute: minutes % 60 }, tz);
}

function moment(ts: number, now: number, userTz: string): UserMoment {
  return { ts, parts: zonedParts(ts, userTz), dayOffset: isoDateDiffDays(calendarDate(now, userTz), calendarDate(ts, userTz)) };
}

/**
 * Whether the hotline answers at `now`, and its current or next window as the user reads it in
 * `userTz`. Days and hours are the desk's, in its zone, so a user in New York sees 03:00 to 12:00
 * and one in Tokyo 16:00 to 01:00 the next day; both follow each zone's daylight-saving changes.
 */
export function supportStatus(now: number, hours: SupportHours, userTz: string): SupportStatus {
  if (hours.days.length === 0) throw new RangeError('Support hours need at least one day');
  const today = calendarDate(now, hours.timeZone);
  for (let d = 0; d <= 7; d += 1) {
    const date = isoDateAddDays(today, d);
    if (!hours.days.includes(isoWeekday(date))) continue;
    const start = at(date, hours.open, hours.timeZone);
    const end = at(date, hours.close, hours.timeZone);
    if (now >= end) continue;
    const window = { start: moment(start, now, userTz), end: moment(end, now, userTz) };
    return { open: now >= start, window, endsNextDay: window.end.dayOffset > window.start.dayOffset };
  }
  throw new RangeError('No support window within a week');
}
