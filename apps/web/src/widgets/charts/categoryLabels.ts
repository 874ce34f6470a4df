import { type DateFormat, formatDate, weekdayName, zonedParts } from '@sitelens/domain';

const DAY = 86_400;
const MONTH = 2_592_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** Month and year in the order of the user's date format: MM/YYYY, YYYY-MM, MM.YYYY. */
function monthLabel(ts: number, format: DateFormat, tz: string): string {
  const p = zonedParts(ts, tz);
  const mm = pad(p.month);
  if (format === 'YYYY-MM-DD') return `${p.year}-${mm}`;
  return format === 'DD.MM.YYYY' ? `${mm}.${p.year}` : `${mm}/${p.year}`;
}

export interface TimeLabelOptions {
  format: DateFormat;
  tz: string;
  /** Bucket size in seconds. */
  granularity: number;
  /** All buckets fall on one local day: hours alone are enough. */
  oneDay: boolean;
}

/** A time bucket's label: the hour within one day, else date and time, the date, or the month. */
export function timeLabel(ts: number, { format, tz, granularity, oneDay }: TimeLabelOptions): string {
  if (granularity >= MONTH) return monthLabel(ts, format, tz);
  if (granularity >= DAY) return formatDate(ts, { format, tz });
  if (oneDay) {
    const p = zonedParts(ts, tz);
    return `${pad(p.hour)}:${pad(p.minute)}`;
  }
  return formatDate(ts, { format, tz, withTime: true });
}

/** The bucket size of a time series when the widget does not say: its smallest gap (an hour for one point). */
export function inferredGranularity(times: readonly number[]): number {
  let gap = Infinity;
  for (let i = 1; i < times.length; i++) gap = Math.min(gap, (times[i]! - times[i - 1]!) / 1000);
  return Number.isFinite(gap) && gap > 0 ? (gap >= 28 * DAY ? MONTH : gap) : 3600;
}

export function sameLocalDay(times: readonly number[], tz: string): boolean {
  const day = (ts: number) => {
    const p = zonedParts(ts, tz);
    return `${p.year}-${p.month}-${p.day}`;
  };
  return times.every((ts) => day(ts) === day(times[0]!));
}

const monthNames = (locale: string) =>
  Array.from({ length: 12 }, (_, i) => new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, i, 15)));


/**
 * The label of a discontinuous-date key (weekday 1-7, weekday/weekend, ISO week W01, month 01-12)
 * or of any other key (a breakdown value or a name), which stays as it is unless translated.
 */
export function keyLabel(key: string, locale: string, words: { workingDays: string; weekend: string; breakdownValue: (v: string) => string | undefined }): string {
  if (/^[1-7]$/.test(key)) return weekdayName(Number(key), locale, 'short');
  if (/^(0[1-9]|1[0-2])$/.test(key)) return monthNames(locale)[Number(key) - 1]!;
  if (key === 'weekday') return words.workingDays;
  if (key === 'weekend') return words.weekend;
  return words.breakdownValue(key) ?? key;
}
