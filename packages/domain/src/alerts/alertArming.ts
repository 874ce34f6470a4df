import type { OpeningHoursWindow } from '../installations/openingHours.ts';
import { isOpenAt } from '../installations/openingHoursRules.ts';
import { zonedParts, zonedToUtc } from '../time/zonedTime.ts';

/**
 * An episode ends only once its condition has not held for this long; holding again within it, the
 * same episode goes on and nothing new is sent (a value flapping around its bound is one alert).
 */
export const ALERT_REARM_MINUTES = 5;
/** "Most messages per alert" counts the alert's notifications over this rolling period. */
export const ALERT_MESSAGE_PERIOD_HOURS = 24;
/** A job that wakes the evaluator for a due reminder or end may run this much early (clocks of the database and the server). */
export const ALERT_DUE_TOLERANCE_MS = 2_000;

const WEEK_MINUTES = 7 * 24 * 60;
const mod = (n: number, m: number) => ((n % m) + m) % m;
const minuteOfWeek = (day: number, hour: number, minute: number): number => mod((day - 1) * 1440 + hour * 60 + minute, WEEK_MINUTES);

/** Whether a window holds the minute of the week `at`, as opening hours read it (isOpenAt). */
function holds(w: OpeningHoursWindow, at: number): boolean {
  const begin = minuteOfWeek(w.beginDay, w.beginHour, w.beginMinute);
  const end = minuteOfWeek(w.endDay, w.endHour, w.endMinute);
  return begin < end ? at >= begin && at < end : at >= begin || at < end;
}

/**
 * When the armed stretch holding `ts` began: the begin of the window holding it, followed back through
 * windows that meet or overlap (Monday 22:00-24:00 then Tuesday 00:00-06:00 is one stretch). Null when
 * no window holds `ts`; -Infinity when the windows hold the whole week. No window at all: always armed.
 */
export function scheduleWindowStart(windows: readonly OpeningHoursWindow[], ts: number, tz: string): number | null {
  if (windows.length === 0) return Number.NEGATIVE_INFINITY;
  if (!isOpenAt(ts, windows, tz)) return null;
  const p = zonedParts(ts, tz);
  const now = minuteOfWeek(p.weekday, p.hour, p.minute);
  let back = 0;
  while (back < WEEK_MINUTES) {
    const at = mod(now - back, WEEK_MINUTES);
    let furthest = 0;
    for (const w of windows) if (holds(w, at)) furthest = Math.max(furthest, mod(at - minuteOfWeek(w.beginDay, w.beginHour, w.beginMinute), WEEK_MINUTES));
    back += furthest;
    const before = mod(now - back - 1, WEEK_MINUTES);
    if (!windows.some((w) => holds(w, before))) break;
    back += 1;
  }
  if (back >= WEEK_MINUTES) return Number.NEGATIVE_INFINITY;
  // Back on the wall clock, then to an instant: a window begins at its local time whatever the offset.
  const local = new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - back * 60_000);
  return zonedToUtc({ year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), hour: local.getUTCHours(), minute: local.getUTCMinutes() }, tz);
}

/**
 * From when the alert's condition reads readings at `ts`: the later of its arming (created, saved or
 * switched on) and the begin of the schedule's window holding `ts`. Null when it is not armed then.
 * An entry made before the window opened (the last staff out at 14:57 for a 15:00 window) is not an
 * intrusion of the window.
 */
export function armedSince(o: { windows: readonly OpeningHoursWindow[]; armedAt: number; ts: number; tz: string }): number | null {
  const start = scheduleWindowStart(o.windows, o.ts, o.tz);
  if (start === null) return null;
  return Math.max(start, o.armedAt);
}

/** The instant the next reminder is due, or null when the alert has none. */
export function nextReminderAt(o: { reminderMinutes: number | null; lastDueAt: number | null }): number | null {
  if (!o.reminderMinutes || o.lastDueAt === null) return null;
  return o.lastDueAt + o.reminderMinutes * 60_000;
}

/** Whether a reminder is due at `now` (a wake-up a little early counts: the period is kept from the due instant). */
export function reminderDue(o: { reminderMinutes: number | null; lastDueAt: number | null; now: number }): boolean {
  const due = nextReminderAt(o);
  return due !== null && o.now >= due - ALERT_DUE_TOLERANCE_MS;
}

/** When an episode whose condition stopped holding at `clearingSince` ends, unless it holds again before. */
export const rearmAt = (clearingSince: number): number => clearingSince + ALERT_REARM_MINUTES * 60_000;

/** Whether another message may go: `maxTrigger` per alert over ALERT_MESSAGE_PERIOD_HOURS (0: no cap). */
export function messageAllowed(maxTrigger: number, sentInPeriod: number): boolean {
  return maxTrigger <= 0 || sentInPeriod < maxTrigger;
}
