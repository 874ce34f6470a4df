import { GRANULARITIES, businessDate, businessDayRange } from '../time/bucketStart.ts';
import { parseTimeOfDay } from '../time/calendarDate.ts';
import { zonedParts } from '../time/zonedTime.ts';

export type RollupLevel = 'month' | 'day' | 'hour' | 'raw';

/** Aggregations that rollups (sum, count, min, max per bucket) answer exactly. */
export const ROLLUP_AGGREGATIONS: ReadonlySet<string> = new Set(['sum', 'avg', 'min', 'max', 'count']);

export interface RollupRequest {
  aggregation: string;
  /** Seconds, or null for one value over the whole range. */
  granularity: number | null;
  ranges: ReadonlyArray<readonly [number, number]>;
  tz: string;
  changeOfDay: string;
  hasWeekdayFilter: boolean;
  /** Local hours counted: null for all, else whether every bound is on a whole hour. */
  hourFilter?: null | 'wholeHours' | 'partialHours';
}

const isHourStart = (ts: number, tz: string) => {
  const p = zonedParts(ts, tz);
  return p.minute === 0 && p.second === 0 && ts % 1000 === 0;
};
const isDayStart = (ts: number, tz: string, cod: string) => businessDayRange(businessDate(ts, tz, cod), tz, cod)[0] === ts;
const isMonthStart = (ts: number, tz: string, cod: string) => isDayStart(ts, tz, cod) && businessDate(ts, tz, cod).endsWith('-01');

/**
 * The coarsest rollup that answers the request exactly: its buckets must nest in the requested
 * buckets and every range must start and end on its boundaries. Otherwise raw readings.
 */
export function rollupLevel(r: RollupRequest): RollupLevel {
  if (!ROLLUP_AGGREGATIONS.has(r.aggregation) || r.hourFilter === 'partialHours') return 'raw';
  // Days and months mix hours, so an hour filter leaves hours as the coarsest exact level.
  const hoursOnly = r.hourFilter === 'wholeHours';
  const g = r.granularity;
  const all = (test: (ts: number) => boolean) => r.ranges.every(([a, b]) => test(a) && test(b));
  const calendar = g === null || g === GRANULARITIES.day || g === GRANULARITIES.week || g === GRANULARITIES.month;
  if (!hoursOnly && (g === null || g === GRANULARITIES.month) && !r.hasWeekdayFilter && all((t) => isMonthStart(t, r.tz, r.changeOfDay))) return 'month';
  if (!hoursOnly && calendar && all((t) => isDayStart(t, r.tz, r.changeOfDay))) return 'day';
  const hourNestsInDays = parseTimeOfDay(r.changeOfDay) % 60 === 0;
  // An hour knows its business day (weekday filter, calendar buckets) only when days start on the hour.
  const hourServes = g === GRANULARITIES.hour ? !r.hasWeekdayFilter || hourNestsInDays : calendar && hourNestsInDays;
  if (hourServes && all((t) => isHourStart(t, r.tz))) return 'hour';
  return 'raw';
}
