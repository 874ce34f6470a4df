/**
 * How a site's users name the days of a report or an export (issue 29 item 8): a business day
 * starts at the site's change-of-day time, so the period [27/11 05:00, 29/11 05:00) is "27/11 to
 * 28/11", its last day included, and a daily row is the business date it counts, without a time.
 * Every e-mail, workbook, CSV and page names periods and rows through these functions.
 */
import { type DateFormat, formatDate, formatIsoDate } from '../format/formatDate.ts';
import { GRANULARITIES, type BucketOptions, bucketStart, businessDate, businessDayRange } from '../time/bucketStart.ts';
import { isoDateAddDays, parseIsoDate } from '../time/calendarDate.ts';
import { tzOffsetMs } from '../time/zonedTime.ts';

/** A period as its users count it: whole business days (both included), or two instants when it does not start and end on day boundaries. */
export type PeriodName = { kind: 'days'; first: string; last: string } | { kind: 'instants'; from: number; to: number };

/** The name of [from, to) (epoch ms) at a site: its first and last business days when both ends are business-day starts. */
export function periodName(from: number, to: number, tz: string, changeOfDay = '00:00'): PeriodName {
  if (!(from < to)) return { kind: 'instants', from, to };
  const first = businessDate(from, tz, changeOfDay);
  const last = businessDate(to - 1, tz, changeOfDay);
  const whole = businessDayRange(first, tz, changeOfDay)[0] === from && businessDayRange(last, tz, changeOfDay)[1] === to;
  return whole ? { kind: 'days', first, last } : { kind: 'instants', from, to };
}

/** The period's two ends as text: '27/11/2026' and '28/11/2026' for days, the site's wall clock with the time otherwise. */
export function periodLabels(period: PeriodName, opts: { format: DateFormat; tz: string }): { from: string; to: string } {
  if (period.kind === 'days') return { from: formatIsoDate(period.first, opts.format), to: formatIsoDate(period.last, opts.format) };
  return { from: formatDate(period.from, { ...opts, withTime: true }), to: formatDate(period.to, { ...opts, withTime: true }) };
}

/** Day, week and month rows are named by their (first) business date; shorter ones by the wall-clock time they start at. */
export const namedByDate = (granularity: number): boolean => granularity >= GRANULARITIES.day;

const QUARTER_MS = 900_000;
const DAY_MS = 86_400_000;

/**
 * The zone's offset at an instant, read twice per UTC day (at its first and last quarter hour)
 * rather than per call: an Intl call costs more than writing a row. A day whose two readings differ
 * (a change of clocks) answers null and the caller reads the offset itself.
 */
function steadyOffsets(tz: string): (ts: number) => number | null {
  const days = new Map<number, number | null>();
  return (ts) => {
    const day = Math.floor(ts / DAY_MS);
    let offset = days.get(day);
    if (offset === undefined) {
      const first = tzOffsetMs(day * DAY_MS, tz);
      offset = first === tzOffsetMs((day + 1) * DAY_MS - QUARTER_MS, tz) ? first : null;
      if (days.size > 400) days.clear();
      days.set(day, offset);
    }
    return offset;
  };
}

/**
 * Names rows as wall-clock epochs: the local date and time read as UTC, what a spreadsheet's date
 * cell shows (spreadsheets have no time zones). Day, week and month rows get midnight of their
 * business date, so a day starting at 05:00 on 01/11 reads 01/11; shorter rows the local time they
 * start at. One namer per file: it keeps the zone's offsets of the days it saw.
 */
export function bucketNamer(opts: BucketOptions): (ts: number) => number {
  if (namedByDate(opts.granularity)) {
    return (ts) => {
      const d = parseIsoDate(businessDate(ts, opts.tz, opts.changeOfDay))!;
      return Date.UTC(d.year, d.month - 1, d.day);
    };
  }
  const offsetOf = steadyOffsets(opts.tz);
  // Time zones change their offset on quarter hours of UTC.
  return (ts) => ts + (offsetOf(ts) ?? tzOffsetMs(Math.floor(ts / QUARTER_MS) * QUARTER_MS, opts.tz));
}

/** A row's name as text (bucketNamer's wall clock): 'YYYY-MM' for a month, 'YYYY-MM-DD' for a day or week, 'YYYY-MM-DD HH:MM' otherwise. */
export function bucketLabel(wallClock: number, granularity: number): string {
  const iso = new Date(wallClock).toISOString();
  if (granularity === GRANULARITIES.month) return iso.slice(0, 7);
  return namedByDate(granularity) ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** The start of the bucket after the one starting at `start`. */
function nextBucket(start: number, opts: BucketOptions): number {
  const { granularity, tz, changeOfDay = '00:00' } = opts;
  if (!namedByDate(granularity)) {
    const next = bucketStart(start + granularity * 1000, opts);
    return next > start ? next : start + granularity * 1000;
  }
  const date = businessDate(start, tz, changeOfDay);
  if (granularity === GRANULARITIES.day) return businessDayRange(date, tz, changeOfDay)[1];
  if (granularity === GRANULARITIES.week) return businessDayRange(isoDateAddDays(date, 7), tz, changeOfDay)[0];
  const d = parseIsoDate(date)!;
  const month = d.month === 12 ? `${d.year + 1}-01-01` : `${d.year}-${String(d.month + 1).padStart(2, '0')}-01`;
  return businessDayRange(month, tz, changeOfDay)[0];
}

/**
 * Every bucket of [from, to) in order, whether it holds data or not: a report's or an export's
 * rows (a day without data is a row without values, not a missing row). The first is the bucket
 * holding `from`; a DST day has 23 or 25 hourly buckets.
 */
export function* bucketStarts(from: number, to: number, opts: BucketOptions): Generator<number> {
  if (!(from < to)) return;
  const step = opts.granularity * 1000;
  const offsetOf = namedByDate(opts.granularity) ? null : steadyOffsets(opts.tz);
  for (let t = bucketStart(from, opts); t < to; ) {
    yield t;
    // Under one offset the next sub-day bucket is one step on; only a change of clocks moves the edges.
    const steady = offsetOf ? offsetOf(t) : null;
    t = steady !== null && steady === offsetOf!(t + step) ? t + step : nextBucket(t, opts);
  }
}

/** How many rows a period holds per target (bucketStarts' count). */
export function bucketCount(from: number, to: number, opts: BucketOptions): number {
  let n = 0;
  for (const _ of bucketStarts(from, to, opts)) n += 1;
  return n;
}
