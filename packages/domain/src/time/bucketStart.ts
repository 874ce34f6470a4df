import { isoDateAddDays, isoWeekday, parseIsoDate, parseTimeOfDay, toIsoDate } from './calendarDate.ts';
import { nextTransition, tzOffsetMs, zonedParts, zonedToUtc } from './zonedTime.ts';

/** Bucket sizes in seconds; week and month are calendar units, not fixed durations. */
export const GRANULARITIES = {
  minute: 60,
  fiveMinutes: 300,
  tenMinutes: 600,
  fifteenMinutes: 900,
  thirtyMinutes: 1800,
  hour: 3600,
  day: 86400,
  week: 604800,
  month: 2592000,
} as const;

export interface BucketOptions {
  /** Seconds: a divisor of a day below 86400, or GRANULARITIES.day, .week or .month. */
  granularity: number;
  tz: string;
  /** Local 'HH:MM' at which a business day starts; only day, week and month buckets use it. */
  changeOfDay?: string;
}

// Days and their starts are asked again and again (every request of a batch places the same range
// bounds) and each answer costs several Intl calls: the last ones are kept.
const dayStarts = new Map<string, number>();
const businessDates = new Map<string, string>();
const KEPT = 4096;

function dayStart(date: string, tz: string, changeOfDayMinutes: number): number {
  const key = `${date}|${tz}|${changeOfDayMinutes}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return known;
  const d = parseIsoDate(date);
  if (!d) throw new RangeError(`Invalid calendar date: ${date}`);
  const start = zonedToUtc({ ...d, hour: Math.floor(changeOfDayMinutes / 60), minute: changeOfDayMinutes % 60 }, tz);
  if (dayStarts.size >= KEPT) dayStarts.clear();
  dayStarts.set(key, start);
  return start;
}

/**
 * 'YYYY-MM-DD' of the business day containing `ts`: the latest day whose start (local
 * changeOfDay) is at or before `ts`. Comparing instants rather than wall clocks keeps the
 * result monotonic when changeOfDay falls inside a repeated or skipped hour.
 */
export function businessDate(ts: number, tz: string, changeOfDay = '00:00'): string {
  const key = `${ts}|${tz}|${changeOfDay}`;
  const known = businessDates.get(key);
  if (known !== undefined) return known;
  const cod = parseTimeOfDay(changeOfDay);
  const local = toIsoDate(zonedParts(ts, tz));
  const date = dayStart(local, tz, cod) <= ts ? local : isoDateAddDays(local, -1);
  if (businessDates.size >= KEPT) businessDates.clear();
  businessDates.set(key, date);
  return date;
}

/** [start, end) in epoch ms of a business day; 23 or 25 hours long across a DST change. */
export function businessDayRange(date: string, tz: string, changeOfDay = '00:00'): [number, number] {
  const cod = parseTimeOfDay(changeOfDay);
  return [dayStart(date, tz, cod), dayStart(isoDateAddDays(date, 1), tz, cod)];
}

/**
 * Sub-day buckets are wall-clock multiples from local midnight under the offset in force at
 * `ts`. When the offset changed inside the bucket (half-hour DST shifts), the bucket starts at
 * the change, so buckets never overlap and a repeated hour yields two distinct buckets.
 */
function subDayStart(ts: number, tz: string, granularityMs: number): number {
  const offset = tzOffsetMs(ts, tz);
  const local = ts + offset;
  const start = local - (((local % granularityMs) + granularityMs) % granularityMs) - offset;
  return tzOffsetMs(start, tz) === offset ? start : nextTransition(start, ts, tz);
}

export function bucketStart(ts: number, { granularity, tz, changeOfDay = '00:00' }: BucketOptions): number {
  if (granularity > 0 && granularity < GRANULARITIES.day && GRANULARITIES.day % granularity === 0) {
    return subDayStart(ts, tz, granularity * 1000);
  }
  const cod = parseTimeOfDay(changeOfDay);
  const date = businessDate(ts, tz, changeOfDay);
  switch (granularity) {
    case GRANULARITIES.day:
      return dayStart(date, tz, cod);
    case GRANULARITIES.week:
      return dayStart(isoDateAddDays(date, 1 - isoWeekday(date)), tz, cod);
    case GRANULARITIES.month:
      return dayStart(`${date.slice(0, 8)}01`, tz, cod);
    default:
      throw new RangeError(`Unsupported granularity: ${granularity}`);
  }
}
