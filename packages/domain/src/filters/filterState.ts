// The filter bar's state (spec 001 §3 "Filters", §4 "Filter bar") and what the rules need to know
// about the page and its site. Every rule in this folder is a pure function (state, ...) -> state:
// the web app keeps a draft FilterState, applies the rules on each user action, compares it with
// the applied one (filtersEqual) and converts it with toAppliedFilters. Nothing here reads a clock:
// FilterContext.today is the site's calendar date, computed once by filterContext(now, site, ...)
// (filterContext.ts). This file holds only the shapes, so every rule can import it.
import type { OpeningHoursWindow } from '../installations/openingHours.ts';
import type { HOUR_PRESETS } from '../installations/openingHoursRules.ts';
import type { Engagement, Gender } from './appliedFilters.ts';

/** 'preset' ids of timespanPresets.ts, 'custom' for a range typed in, 'event' for an event's range. */
export type TimespanLabel = string;

/** One timespan condition: calendar days dateBegin..dateEnd (YYYY-MM-DD, inclusive) at the site. */
export interface TimespanCondition {
  label: TimespanLabel;
  dateBegin: string;
  dateEnd: string;
  /** Set on a condition added by selecting an event. */
  eventId?: number;
}

export type DayOperator = 'IS' | 'IS_NOT';

/** Day items share one operator; IS combines the weekdays by OR, IS NOT by AND. Days are ISO 1..7. */
export interface DayFilter {
  operator: DayOperator;
  days: number[];
}

export type HourPreset = keyof typeof HOUR_PRESETS;

export interface FilterState {
  /** Never empty (see removeFilter / timespan rules). Dates combine with OR. */
  timespans: TimespanCondition[];
  hours: HourPreset | null;
  /** null: no day filter. */
  day: DayFilter | null;
  /** The active zone; never null once a site has zones. Its dependent zones are included. */
  zoneId: number | null;
  gender: Gender;
  engagement: Engagement;
  /** Chosen tag per tag category; a category absent from the map is at its root, "All". */
  categories: Record<number, number>;
  /** Selected events (their ranges are timespan conditions with eventId). */
  eventIds: number[];
}

export interface FilterZone {
  id: number;
  parentId: number | null;
  name?: string;
  /** The atmosphere sensor of the zone, if any (atmosphere pages disable zones without one). */
  sensorId?: number | null;
  isDisabled?: boolean;
}

export interface FilterEvent {
  id: number;
  name: string;
  /** YYYY-MM-DD, the site's calendar dates. */
  dateBegin: string;
  dateEnd: string | null;
  neverEnding?: boolean;
}

export interface FilterTagCategory {
  id: number;
  name: string;
  tags: { id: number; name: string }[];
}

export type FilterPageKind = 'counting' | 'atmosphere' | 'energy' | 'custom';

/** What the rules know of the page: the site's calendar, its zones, events and tag categories. */
export interface FilterContext {
  /** The site's calendar date now (YYYY-MM-DD): the latest selectable day. */
  today: string;
  /** The earliest selectable day: the site's creation date, or 2016-01-01 when unknown. */
  minDate: string;
  /** Which preset the default timespan is: Today, or Yesterday outside opening hours / before the change of day. */
  defaultPreset: 'today' | 'yesterday';
  pageKind: FilterPageKind;
  zones: readonly FilterZone[];
  events: readonly FilterEvent[];
  categories: readonly FilterTagCategory[];
  /**
   * A custom page's preset timespan (its global filters, pagePresets.ts): the page's default
   * timespan instead of defaultPreset when present.
   */
  presetTimespans?: readonly TimespanCondition[];
  /** A custom page's preset day filter: its default day filter. */
  presetDay?: DayFilter | null;
}

export interface FilterSiteInfo {
  timezone: string;
  changeOfDayTime?: string | null;
  openingHours?: readonly OpeningHoursWindow[];
  /** YYYY-MM-DD or an ISO instant; null when unknown. */
  creationDate?: string | null;
}

/** Fallback minimum date of the date picker when the site's creation date is unknown (spec 001 §5). */
export const FILTER_MIN_DATE = '2016-01-01';
