import { isoDateAddDays, isoWeekday, parseTimeOfDay, toIsoDate } from '../time/calendarDate.ts';
import { nextTransition, tzOffsetMs, zonedParts, zonedToUtc } from '../time/zonedTime.ts';

/**
 * When a durable schedule fires, on the clock of a time zone (a site's):
 * - `weekly`: at each local time of `times` ('HH:MM') on each ISO weekday of `weekdays`
 *   (1 = Monday ... 7 = Sunday; all seven for every day). A time that a spring-forward skips runs
 *   when the clocks jump (02:30 runs at 03:00); a time that a fall-back repeats runs once, the
 *   first time.
 * - `interval`: every `minutes` on the local clock, counted from local midnight (`minutes` divides
 *   a day: 1, 5, 15, 60, 1440 ...). It follows real time through daylight-saving changes: the
 *   repeated hour of a fall-back has its occurrences too, a skipped hour has none.
 */
export type ScheduleRule =
  | { kind: 'weekly'; weekdays: readonly number[]; times: readonly string[] }
  | { kind: 'interval'; minutes: number };

/**
 * What a schedule does with occurrences that passed while no server ran: `last` runs only the
 * latest of them (a check or a report that is only worth sending once), `all` runs each, oldest
 * first. Either way each occurrence runs at most once.
 */
export type CatchUp = 'last' | 'all';

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Why a rule cannot be used ('weekdays', 'times', 'minutes'), or null when it is sound. */
export function scheduleRuleProblem(rule: ScheduleRule): string | null {
  if (rule.kind === 'interval') {
    const ok = Number.isInteger(rule.minutes) && rule.minutes >= 1 && rule.minutes <= DAY_MINUTES && DAY_MINUTES % rule.minutes === 0;
    return ok ? null : 'minutes';
  }
  if (rule.weekdays.length === 0 || rule.weekdays.some((d) => !Number.isInteger(d) || d < 1 || d > 7)) return 'weekdays';
  if (rule.times.length === 0 || rule.times.some((t) => !CLOCK.test(t))) return 'times';
  return null;
}

/** The first occurrence strictly after `afterMs`. */
export function nextOccurrence(rule: ScheduleRule, tz: string, afterMs: number): number {
  if (rule.kind === 'interval') return intervalAtOrAfter(rule.minutes, tz, floorMinute(afterMs) + MINUTE_MS);
  for (const day of localDays(afterMs, tz, 1)) {
    const found = weeklyInstants(rule, tz, day).find((t) => t > afterMs);
    if (found !== undefined) return found;
  }
  throw new RangeError('weekly rule without occurrence');
}

/** The last occurrence at or before `atMs`. */
export function previousOccurrence(rule: ScheduleRule, tz: string, atMs: number): number {
  if (rule.kind === 'interval') return intervalAtOrBefore(rule.minutes, tz, floorMinute(atMs));
  for (const day of localDays(atMs, tz, -1)) {
    const found = weeklyInstants(rule, tz, day).filter((t) => t <= atMs);
    if (found.length > 0) return found[found.length - 1]!;
  }
  throw new RangeError('weekly rule without occurrence');
}

export interface TickPlan {
  /** Occurrences to run now, oldest first (instants in ms). */
  due: number[];
  /** The schedule's next occurrence once these are handed over. */
  nextAt: number;
}

/**
 * What a schedule whose next occurrence is `nextAt` runs at `now`: nothing before its time; then
 * its due occurrences per `catchUp`, at most `limit` of them (the rest on the next tick).
 */
export function planTick(rule: ScheduleRule, tz: string, opts: { nextAt: number; now: number; catchUp: CatchUp; limit?: number }): TickPlan {
  const { nextAt, now, catchUp, limit = 100 } = opts;
  if (nextAt > now) return { due: [], nextAt };
  if (catchUp === 'last') {
    const last = Math.max(nextAt, previousOccurrence(rule, tz, now));
    return { due: [last], nextAt: nextOccurrence(rule, tz, Math.max(last, now)) };
  }
  const due: number[] = [];
  let at = nextAt;
  while (at <= now && due.length < limit) {
    due.push(at);
    at = nextOccurrence(rule, tz, at);
  }
  return { due, nextAt: at };
}

/** Local calendar days from the one holding `ms`, forwards (step 1) or backwards (-1), eight of them. */
function localDays(ms: number, tz: string, step: 1 | -1): string[] {
  const p = zonedParts(ms, tz);
  const first = toIsoDate({ year: p.year, month: p.month, day: p.day });
  // One day more than a week, so a rule with a single weekday always has an occurrence.
  return Array.from({ length: 9 }, (_, i) => isoDateAddDays(first, step * (i - 1)));
}

function weeklyInstants(rule: Extract<ScheduleRule, { kind: 'weekly' }>, tz: string, day: string): number[] {
  if (!rule.weekdays.includes(isoWeekday(day))) return [];
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const instants = rule.times.map((time) => {
    const minutes = parseTimeOfDay(time);
    return zonedToUtc({ year, month, day: date, hour: Math.floor(minutes / 60), minute: minutes % 60 }, tz);
  });
  return [...new Set(instants)].sort((a, b) => a - b);
}

const floorMinute = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

/** Minutes since local midnight at the (whole-minute) instant t. */
function localMinuteOfDay(t: number, tz: string): number {
  const local = t + tzOffsetMs(t, tz);
  return ((Math.floor(local / MINUTE_MS) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
}

function intervalAtOrAfter(n: number, tz: string, t: number): number {
  const m = localMinuteOfDay(t, tz);
  const candidate = t + ((n - (m % n)) % n) * MINUTE_MS;
  if (tzOffsetMs(candidate, tz) === tzOffsetMs(t, tz)) return candidate;
  // The clocks change on the way: count again from the change, on the new offset.
  return intervalAtOrAfter(n, tz, nextTransition(t, candidate, tz));
}

function intervalAtOrBefore(n: number, tz: string, t: number): number {
  const candidate = t - (localMinuteOfDay(t, tz) % n) * MINUTE_MS;
  if (tzOffsetMs(candidate, tz) === tzOffsetMs(t, tz)) return candidate;
  // The clocks changed in between: the last instant before the change is on the old offset.
  const change = nextTransition(candidate, t, tz);
  const sameOffsetSince = intervalAtOrAfter(n, tz, change);
  return sameOffsetSince <= t ? sameOffsetSince : intervalAtOrBefore(n, tz, change - MINUTE_MS);
}
