import { businessDate } from '@sitelens/domain';
import type { ReferenceSite } from './referenceEngine.ts';
import { HOUR_MS, businessDayStart, businessMonthStart, localHourStart } from './siteAnchors.ts';

/**
 * A date condition near an anchor instant: aligned to business months, business days or local
 * hours (so that a rollup can answer it), or free (to the second, so only raw readings can).
 */
export type RangeSpec =
  | { kind: 'month'; anchor: number; shift: number; length: number }
  | { kind: 'day'; anchor: number; shift: number; length: number }
  | { kind: 'hour'; anchor: number; shift: number; length: number }
  | { kind: 'free'; anchor: number; shift: number; length: number }
  | ShiftedRange;

/**
 * Business days whose begin and end are moved by hours (a site's days seen from another time zone)
 * and sometimes minutes (a custom range): whole days inside, partial days at the edges.
 */
export interface ShiftedRange {
  kind: 'shifted';
  anchor: number;
  shift: number;
  length: number;
  /** Minutes added to the first day's start and to the last day's end (either may be 0 or negative). */
  begin: number;
  end: number;
}

/** [begin, end) in epoch ms, end always after begin. */
export function materializeRange(spec: RangeSpec, site: ReferenceSite, anchorTs: number): [number, number] {
  switch (spec.kind) {
    case 'month': {
      const date = businessDate(anchorTs, site.tz, site.changeOfDay);
      return [businessMonthStart(site, date, spec.shift), businessMonthStart(site, date, spec.shift + spec.length)];
    }
    case 'day':
      return [businessDayStart(site, anchorTs, spec.shift), businessDayStart(site, anchorTs, spec.shift + spec.length)];
    case 'hour': {
      const begin = localHourStart(anchorTs + spec.shift * HOUR_MS, site.tz);
      const end = localHourStart(begin + spec.length * HOUR_MS, site.tz);
      // Around a half-hour DST change the next local hour can fold back onto `begin`.
      return [begin, end > begin ? end : begin + spec.length * HOUR_MS];
    }
    case 'shifted': {
      const begin = businessDayStart(site, anchorTs, spec.shift) + spec.begin * 60_000;
      const end = businessDayStart(site, anchorTs, spec.shift + spec.length) + spec.end * 60_000;
      return [begin, end > begin ? end : begin + HOUR_MS];
    }
    case 'free':
      return [anchorTs + spec.shift * 1000, anchorTs + (spec.shift + spec.length) * 1000];
  }
}
