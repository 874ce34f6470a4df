import { type MinuteRanges, MINUTES_PER_WEEK, intersectRanges, openingHoursRanges } from '../metrics/localMinuteRanges.ts';
import { businessDate, businessDayRange } from '../time/bucketStart.ts';
import { isoDateAddDays, isoWeekday, parseTimeOfDay } from '../time/calendarDate.ts';
import { zonedParts } from '../time/zonedTime.ts';
import type { OpeningHoursWindow } from './openingHours.ts';

/** Hour ranges [from, to) offered by the hour filter. */
export const HOUR_PRESETS = {
  morning: [0, 12],
  afternoon: [12, 24],
  openingHours: [8, 19],
} as const;

const WEEK_MINUTES = 7 * 24 * 60;
const minuteOfWeek = (day: number, hour: number, minute: number): number => (day - 1) * 1440 + hour * 60 + minute;

/**
 * Whether the site is open at `ts`, reading the windows in the site's zone. No windows means
 * always open. A window whose end is not after its begin in the week wraps past Sunday midnight;
 * a window ending exactly where it begins covers the whole week.
 */
export function isOpenAt(ts: number, windows: readonly OpeningHoursWindow[], tz: string): boolean {
  if (windows.length === 0) return true;
  const p = zonedParts(ts, tz);
  const now = minuteOfWeek(p.weekday, p.hour, p.minute);
  return windows.some((w) => {
    const begin = minuteOfWeek(w.beginDay, w.beginHour, w.beginMinute) % WEEK_MINUTES;
    const end = minuteOfWeek(w.endDay, w.endHour, w.endMinute) % WEEK_MINUTES;
    return begin < end ? now >= begin && now < end : now >= begin || now < end;
  });
}

export interface TimespanDayOptions {
  tz: string;
  openingHours: readonly OpeningHoursWindow[];
  /** Local 'HH:MM' at which the site's business day starts; none means midnight. */
  changeOfDay?: string | null;
}

/**
 * Default timespan of the filter bar (spec 001 §4): Today, or Yesterday when the site is
 * closed or "past its change-of-day time". We read the latter as: the business day has not
 * started yet, i.e. the local time is still before the change-of-day time (03:00 with a 04:00
 * change of day), so Today would be an empty day.
 */
export function defaultTimespanDay(ts: number, opts: TimespanDayOptions): 'today' | 'yesterday' {
  const { tz, openingHours, changeOfDay } = opts;
  const calendarDay = businessDate(ts, tz, '00:00');
  if (businessDate(ts, tz, changeOfDay ?? '00:00') !== calendarDay) return 'yesterday';
  return isOpenAt(ts, openingHours, tz) ? 'today' : 'yesterday';
}

/**
 * The site's calendar date (YYYY-MM-DD) its pages open on at `ts`: the filter bar's Today or
 * Yesterday (above), both read on the calendar date of the site's zone.
 */
export function defaultTimespanDate(ts: number, opts: TimespanDayOptions): string {
  const today = businessDate(ts, opts.tz, '00:00');
  return defaultTimespanDay(ts, opts) === 'today' ? today : isoDateAddDays(today, -1);
}

/**
 * Whether the site opens at no time of a business day (from its change-of-day time to the next), by
 * its weekly windows: a Sunday of a shop open Monday to Saturday. No windows means always open.
 * Read on the wall clock, so a 23- or 25-hour day counts as its 24 local hours.
 */
export function isClosedDay(date: string, windows: readonly OpeningHoursWindow[], changeOfDay = '00:00'): boolean {
  if (windows.length === 0) return false;
  const start = (isoWeekday(date) - 1) * 1440 + parseTimeOfDay(changeOfDay);
  const end = start + 1440;
  const day: MinuteRanges = end <= MINUTES_PER_WEEK ? [[start, end]] : [[start, MINUTES_PER_WEEK], [0, end - MINUTES_PER_WEEK]];
  return intersectRanges(day, openingHoursRanges(windows)).length === 0;
}

/** The business dates of [from, to) (epoch ms), in order. */
function businessDates(from: number, to: number, tz: string, changeOfDay: string): string[] {
  const dates: string[] = [];
  for (let date = businessDate(from, tz, changeOfDay); businessDayRange(date, tz, changeOfDay)[0] < to; date = isoDateAddDays(date, 1)) dates.push(date);
  return dates;
}

/** The business dates of [from, to) (epoch ms) on which the site was closed all day (isClosedDay), in order. */
export function closedDays(from: number, to: number, windows: readonly OpeningHoursWindow[], tz: string, changeOfDay = '00:00'): string[] {
  if (windows.length === 0) return [];
  return businessDates(from, to, tz, changeOfDay).filter((date) => isClosedDay(date, windows, changeOfDay));
}

/** Up to this many closed days, a report and its form name each; beyond, they count them. */
export const CLOSED_DAYS_NAMED = 3;

export interface ClosedDaysSummary {
  /** The closed business dates, in order (closedDays). */
  dates: string[];
  /** Whether they are few enough to be named one by one (at most CLOSED_DAYS_NAMED). */
  named: boolean;
  /**
   * The ISO weekdays (1 Monday .. 7 Sunday) the closed days are, in week order, when they are exactly
   * every such weekday of the period (a shop closed on Sundays: [7]); null when they are not whole
   * weekdays (some Sundays open), or there is none.
   */
  weekdays: number[] | null;
}

/**
 * The closed days of [from, to) as a report says them: named when few, otherwise counted, and
 * grouped by weekday ("52 days of the period (every Sunday)") when they are every such weekday of it.
 */
export function closedDaysSummary(from: number, to: number, windows: readonly OpeningHoursWindow[], tz: string, changeOfDay = '00:00'): ClosedDaysSummary {
  const dates = closedDays(from, to, windows, tz, changeOfDay);
  const closed = new Set(dates);
  const closedWeekdays = [...new Set(dates.map(isoWeekday))].sort((a, b) => a - b);
  // Whole weekdays: no date of the period on one of those weekdays was open.
  const whole = closedWeekdays.length > 0 && businessDates(from, to, tz, changeOfDay).every((date) => closed.has(date) || !closedWeekdays.includes(isoWeekday(date)));
  return { dates, named: dates.length <= CLOSED_DAYS_NAMED, weekdays: whole ? closedWeekdays : null };
}
