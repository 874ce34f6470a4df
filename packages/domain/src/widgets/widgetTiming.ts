// Live versus historical for a page's widgets (spec 001 §4), decided from the date filters, the
// opening hours and the change-of-day time.
import type { AppliedFilters } from '../filters/appliedFilters.ts';
import type { OpeningHoursWindow } from '../installations/openingHours.ts';
import { isOpenAt } from '../installations/openingHoursRules.ts';
import { businessDate } from '../time/bucketStart.ts';
import { REALTIME_POLL_MS } from '../metrics/constants.ts';
import type { RealTimeMode } from './widgetModel.ts';

export interface TimingSite {
  timezone: string;
  changeOfDayTime: string;
  openingHours: readonly OpeningHoursWindow[];
}

export interface WidgetTiming {
  /** One of the date ranges holds the site's current business day. */
  includesNow: boolean;
  /** The site is open now (no opening hours known counts as open). */
  openNow: boolean;
  /** Show live values: today alone, while the site is open. */
  live: boolean;
  /** "inside" makes no sense over several date ranges, nor for the calendar day of now once the site has closed. */
  dropInside: boolean;
}

export function widgetTiming(filters: AppliedFilters, site: TimingSite, now: number): WidgetTiming {
  const today = businessDate(now, site.timezone, site.changeOfDayTime);
  const includesNow = filters.timespans.some((r) => r.dateBegin <= today && today <= r.dateEnd);
  // The filter bar's "today" is the calendar date: before the change of day (00:00-05:00 with a
  // 05:00 change) its default "yesterday" is still the current business day, yet a day that ended
  // at closing, whose occupancy stays meaningful.
  const calendarToday = businessDate(now, site.timezone, '00:00');
  const holdsCalendarToday = filters.timespans.some((r) => r.dateBegin <= calendarToday && calendarToday <= r.dateEnd);
  const openNow = site.openingHours.length === 0 || isOpenAt(now, site.openingHours, site.timezone);
  const single = filters.timespans.length === 1 && filters.timespans[0]!.dateBegin === filters.timespans[0]!.dateEnd;
  return {
    includesNow,
    openNow,
    live: includesNow && single && openNow,
    // A past day keeps its hour-by-hour occupancy: only the present calendar day loses it at closing.
    dropInside: filters.timespans.length > 1 || (holdsCalendarToday && !openNow),
  };
}

/**
 * How often a widget asks again: only when its range includes the present; live widgets refresh
 * every minute as well, between the pushes of the subscription. 0 means never.
 */
export function pollInterval(realTime: RealTimeMode | null | undefined, timing: WidgetTiming): number {
  if (!timing.includesNow) return 0;
  if (realTime === 'live' || realTime === 'fast') return REALTIME_POLL_MS.fast;
  return REALTIME_POLL_MS.slow;
}
