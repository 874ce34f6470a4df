import { businessDate, businessDayRange, isoDateAddDays, nextTransition, toIsoDate, tzOffsetMs, zonedParts, zonedToUtc } from '@sitelens/domain';
import type { ReferenceSite } from './referenceEngine.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Instants where the zone's UTC offset changes during 2026 (none for fixed-offset zones). */
export function offsetChanges2026(tz: string): number[] {
  const changes: number[] = [];
  for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += DAY_MS) {
    if (tzOffsetMs(day, tz) !== tzOffsetMs(day + DAY_MS, tz)) changes.push(nextTransition(day, day + DAY_MS, tz));
  }
  return changes;
}

/** Start of the business month holding `date`, moved by `months`. */
export function businessMonthStart(site: ReferenceSite, date: string, months = 0): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) + months;
  return businessDayRange(toIsoDate({ year, month, day: 1 }), site.tz, site.changeOfDay)[0];
}

export function businessDayStart(site: ReferenceSite, ts: number, days = 0): number {
  return businessDayRange(isoDateAddDays(businessDate(ts, site.tz, site.changeOfDay), days), site.tz, site.changeOfDay)[0];
}

/** Start of the local clock hour holding `ts` (the rollup level's notion of an hour boundary). */
export function localHourStart(ts: number, tz: string): number {
  return zonedToUtc({ ...zonedParts(ts, tz), minute: 0, second: 0 }, tz);
}

/** Where readings and requests cluster: the zone's DST changes, and two business-month boundaries. */
export function siteAnchors(site: ReferenceSite): number[] {
  return [...offsetChanges2026(site.tz), businessMonthStart(site, '2026-04-01'), businessMonthStart(site, '2026-11-01')];
}

export { DAY_MS, HOUR_MS };
