import { GRANULARITIES, businessDate, businessDayRange } from '../time/bucketStart.ts';
import { isoDateAddDays, parseTimeOfDay } from '../time/calendarDate.ts';
import { zonedParts } from '../time/zonedTime.ts';
import { ROLLUP_AGGREGATIONS, type RollupRequest, rollupLevel } from './rollupLevel.ts';

/** A part of a requested range and the level that reads it exactly. */
export interface RangePiece {
  level: 'day' | 'hour' | 'raw';
  range: readonly [number, number];
}

const QUARTER_MS = 900_000;
const isHourStart = (ts: number, tz: string) => {
  const p = zonedParts(ts, tz);
  return p.minute === 0 && p.second === 0 && ts % 1000 === 0;
};

/**
 * Whole business days from the day rollup, and only the partial edges from hours (or raw readings
 * where the edge is not on local hours either): the pieces of each range, in order, or null when
 * splitting reads nothing coarser than rollupLevel already picks (docs/decisions.md, "Issue 33 item 5").
 * Every piece lies inside its range and the pieces cover it exactly, so any aggregation that combines
 * from sums, counts, minima and maxima gives the answer of the whole range.
 */
export function rangePieces(r: RollupRequest & { hasHourRollup: boolean }): RangePiece[][] | null {
  if (!ROLLUP_AGGREGATIONS.has(r.aggregation) || r.hourFilter === 'partialHours') return null;
  if (rollupLevel(r) === 'month' || rollupLevel(r) === 'day') return null;
  // Ranges combine with OR: pieces of overlapping ranges at different levels would count twice.
  const ranges = disjoint(r.ranges);
  const whole = rollupLevel({ ...r, ranges });
  if (whole === 'month' || whole === 'day') return null;
  const g = r.granularity;
  const calendar = g === null || g === GRANULARITIES.day || g === GRANULARITIES.week || g === GRANULARITIES.month;
  const daysServe = calendar && !r.hourFilter;
  const hourNestsInDays = parseTimeOfDay(r.changeOfDay) % 60 === 0;
  const hoursServe = r.hasHourRollup && (g === GRANULARITIES.hour ? !r.hasWeekdayFilter || hourNestsInDays : calendar && hourNestsInDays);
  if (!daysServe && !hoursServe) return null;
  const pieces = ranges.map(([a, b]) => {
    const days = daysServe ? wholeDays(a, b, r.tz, r.changeOfDay) : null;
    if (!days) return edges(a, b, hoursServe, r.tz);
    return [...edges(a, days[0], hoursServe, r.tz), { level: 'day' as const, range: days }, ...edges(days[1], b, hoursServe, r.tz)];
  });
  const levels = new Set(pieces.flat().map((p) => p.level));
  // Worth it only when something is read coarser than the whole request would be.
  if (levels.has('day') || (whole === 'raw' && levels.has('hour'))) return pieces;
  return null;
}

/** The same instants as the union of the ranges, as sorted ranges that neither overlap nor touch. */
function disjoint(ranges: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const merged: Array<[number, number]> = [];
  for (const [a, b] of [...ranges].sort((x, y) => x[0] - y[0])) {
    const last = merged.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/** The first business-day start at or after a and the last at or before b, when they hold a day. */
function wholeDays(a: number, b: number, tz: string, changeOfDay: string): [number, number] | null {
  const [startOfA] = businessDayRange(businessDate(a, tz, changeOfDay), tz, changeOfDay);
  const from = startOfA === a ? a : businessDayRange(isoDateAddDays(businessDate(a, tz, changeOfDay), 1), tz, changeOfDay)[0];
  const [to] = businessDayRange(businessDate(b, tz, changeOfDay), tz, changeOfDay);
  return from < to ? [from, to] : null;
}

/** [a, b) from whole local hours where they fit, raw readings before and after them. */
function edges(a: number, b: number, hoursServe: boolean, tz: string): RangePiece[] {
  if (a >= b) return [];
  const hours = hoursServe ? wholeHours(a, b, tz) : null;
  if (!hours) return [{ level: 'raw', range: [a, b] }];
  const pieces: RangePiece[] = [];
  if (a < hours[0]) pieces.push({ level: 'raw', range: [a, hours[0]] });
  pieces.push({ level: 'hour', range: hours });
  if (hours[1] < b) pieces.push({ level: 'raw', range: [hours[1], b] });
  return pieces;
}

/**
 * The first local hour start at or after a and the last at or before b. UTC offsets are whole
 * quarter hours, so local hours start on UTC quarter hours: a few steps find them (a DST change
 * moves them by at most an hour).
 */
function wholeHours(a: number, b: number, tz: string): [number, number] | null {
  let from = Math.ceil(a / QUARTER_MS) * QUARTER_MS;
  for (let i = 0; i < 12 && from < b && !isHourStart(from, tz); i++) from += QUARTER_MS;
  let to = Math.floor(b / QUARTER_MS) * QUARTER_MS;
  for (let i = 0; i < 12 && to > from && !isHourStart(to, tz); i++) to -= QUARTER_MS;
  return from < to && isHourStart(from, tz) && isHourStart(to, tz) ? [from, to] : null;
}
