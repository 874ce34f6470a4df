import { tzOffsetMs } from '@sitelens/domain';

const DAY_MS = 86_400_000;
const SLOT_MS = 900_000;
const HOUR_MS = 3_600_000;

/** Local wall-clock position of an instant: day number (days since 1970-01-01 local) and minute of that day. */
export interface LocalTime {
  day: number;
  minute: number;
  offsetMinutes: number;
}

/**
 * Reads instants on a site's wall clock. Offsets are looked up once per hour (Intl is slow) when
 * the hour starts and ends on the same offset, else once per quarter hour: every zone in use
 * changes offset on a quarter hour.
 */
export function localClock(tz: string): (utcMs: number) => LocalTime {
  const atBoundary = new Map<number, number>();
  const offsetAt = (ms: number) => {
    let offset = atBoundary.get(ms);
    if (offset === undefined) {
      if (atBoundary.size > 50_000) atBoundary.clear();
      offset = tzOffsetMs(ms, tz);
      atBoundary.set(ms, offset);
    }
    return offset;
  };
  return (utcMs) => {
    const hourStart = Math.floor(utcMs / HOUR_MS) * HOUR_MS;
    const start = offsetAt(hourStart);
    const offset = start === offsetAt(hourStart + HOUR_MS) ? start : offsetAt(Math.floor(utcMs / SLOT_MS) * SLOT_MS);
    const local = utcMs + offset;
    const day = Math.floor(local / DAY_MS);
    return { day, minute: Math.floor((local - day * DAY_MS) / 60_000), offsetMinutes: offset / 60_000 };
  };
}

export interface CalendarDay {
  year: number;
  /** 1 = January. */
  month: number;
  date: number;
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  /** 1 = January 1st. */
  dayOfYear: number;
  /** 'MM-DD', to match public holidays. */
  monthDay: string;
}

export function calendarDay(day: number): CalendarDay {
  const d = new Date(day * DAY_MS);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const date = d.getUTCDate();
  return {
    year,
    month,
    date,
    weekday: ((((day + 3) % 7) + 7) % 7) + 1,
    dayOfYear: day - Date.UTC(year, 0, 1) / DAY_MS + 1,
    monthDay: `${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`,
  };
}

/** Day number of a calendar date. */
export const dayNumber = (year: number, month: number, date: number): number => Date.UTC(year, month - 1, date) / DAY_MS;

/** 'YYYY-MM-DD' of a day number. */
export const isoDate = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
