// The home page's day per site (spec 000 §2): today so far, or yesterday while the site has not
// opened yet today, each against the same weekday a week before over the same hours of the day.
import type { OpeningHoursWindow } from '../installations/openingHours.ts';
import { isOpenAt } from '../installations/openingHoursRules.ts';
import { businessDate, businessDayRange } from '../time/bucketStart.ts';
import { isoDateAddDays, isoWeekday, parseIsoDate } from '../time/calendarDate.ts';
import { zonedParts, zonedToUtc } from '../time/zonedTime.ts';

export interface HomeSite {
  tz: string;
  openingHours: readonly OpeningHoursWindow[];
  /** Local 'HH:MM' at which the business day starts. */
  changeOfDay: string;
}

export interface HomeDay {
  day: 'today' | 'yesterday';
  /** The business date shown, 'YYYY-MM-DD' in the site's zone. */
  date: string;
  /** The same weekday one week before. */
  comparisonDate: string;
  /** [begin, end) epoch ms: today up to now, or the whole of yesterday. */
  current: [number, number];
  /** The same span of the comparison date: up to the same local time of day, or the whole day. */
  comparison: [number, number];
}

export const HOME_COMPARISON_DAYS = 7;

/** Whether one of today's opening windows has already begun at `ts` (the site opened earlier today). */
function openedEarlierToday(ts: number, site: HomeSite): boolean {
  const p = zonedParts(ts, site.tz);
  const minute = p.hour * 60 + p.minute;
  return site.openingHours.some((w) => w.beginDay === p.weekday && w.beginHour * 60 + w.beginMinute <= minute);
}

/**
 * Today, unless the site has not opened yet today (closed and no window of today has begun, or the
 * business day has not started at the change-of-day time): then yesterday. After closing time the
 * page still shows today, which is complete by then. A site without opening hours is always open.
 */
export function homeDay(now: number, site: HomeSite): HomeDay {
  const { tz, changeOfDay } = site;
  const date = businessDate(now, tz, changeOfDay);
  const calendarToday = businessDate(now, tz, '00:00');
  const started = date === calendarToday;
  const today = started && (site.openingHours.length === 0 || isOpenAt(now, site.openingHours, tz) || openedEarlierToday(now, site));
  if (today) {
    const comparisonDate = isoDateAddDays(date, -HOME_COMPARISON_DAYS);
    const [begin] = businessDayRange(date, tz, changeOfDay);
    const [compareBegin] = businessDayRange(comparisonDate, tz, changeOfDay);
    const p = zonedParts(now, tz);
    const d = parseIsoDate(comparisonDate)!;
    // The same wall-clock time a week before, whatever the offset was then (daylight saving).
    const compareEnd = Math.max(compareBegin, zonedToUtc({ ...d, hour: p.hour, minute: p.minute, second: p.second }, tz));
    return { day: 'today', date, comparisonDate, current: [begin, Math.max(begin, now)], comparison: [compareBegin, compareEnd] };
  }
  const shown = started ? isoDateAddDays(date, -1) : date;
  const comparisonDate = isoDateAddDays(shown, -HOME_COMPARISON_DAYS);
  return {
    day: 'yesterday',
    date: shown,
    comparisonDate,
    current: businessDayRange(shown, tz, changeOfDay),
    comparison: businessDayRange(comparisonDate, tz, changeOfDay),
  };
}

/** ISO weekday of the day shown (both dates share it). */
export const homeWeekday = (day: HomeDay): number => isoWeekday(day.date);

/** Change in percent from `previous` to `current`; null when either is missing or previous is zero. */
export function changePercent(current: number | null | undefined, previous: number | null | undefined): number | null {
  if (current == null || previous == null || !Number.isFinite(current) || !Number.isFinite(previous) || previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

export interface HomeFigure {
  family: string;
  metric: string;
  /** Whether a rise is good news (more visitors) or not (more electricity): the colour of the change. */
  higherIsBetter: boolean;
}

/** The key figures of a site's home card, by the families its events cover, in this order. */
export const HOME_FIGURES: readonly HomeFigure[] = [
  { family: 'counting', metric: 'visitorsIn', higherIsBetter: true },
  { family: 'sales', metric: 'turnover', higherIsBetter: true },
  { family: 'atmosphere', metric: 'comfortScore', higherIsBetter: true },
  { family: 'energy', metric: 'electricityConsumption', higherIsBetter: false },
];

export function homeFigures(families: readonly string[]): HomeFigure[] {
  return HOME_FIGURES.filter((f) => families.includes(f.family));
}
