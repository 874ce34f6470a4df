// The filters a page applies to its widgets (the filter bar's state once applied, spec 001 §4),
// and their translation into retailData conditions. Conditions combine with AND, dates with OR.
import { businessDayRange } from '../time/bucketStart.ts';
import type { HOUR_PRESETS } from '../installations/openingHoursRules.ts';
import type { MetricFilterCondition } from '../widgets/widgetModel.ts';

export type Gender = 'ALL' | 'MALE' | 'FEMALE';
export type Engagement = 'ALL' | 'ENGAGED' | 'NOT_ENGAGED';

/** One timespan condition: business days from `dateBegin` to `dateEnd`, both YYYY-MM-DD, inclusive. */
export interface TimespanRange {
  dateBegin: string;
  dateEnd: string;
  /** A preset id (`today`, `yesterday`, `last7Days`, ...) or 'custom'. */
  label?: string;
  /** The event that added this range, if any. */
  eventId?: number;
}

export interface AppliedFilters {
  timespans: TimespanRange[];
  hours?: keyof typeof HOUR_PRESETS | null;
  day?: { operator: 'IS' | 'IS_NOT'; days: number[] } | null;
  /** The active zone; its dependent zones are included by the engine. */
  zoneId?: number | null;
  gender?: Gender;
  engagement?: Engagement;
  /** Tag ids chosen in the category filter (none: All). */
  tagIds?: number[];
  eventIds?: number[];
}

/** Where the filters apply: the site's clock. */
export interface FilterSite {
  timezone: string;
  changeOfDayTime: string;
}

/** Wire form of one retailData condition (dates as ISO instants). */
export type RetailCondition = MetricFilterCondition;

/**
 * The retailData conditions for a page's filters, minus the filter types the widget ignores.
 * Each timespan becomes one date condition from the start of its first business day to the end of
 * its last, in the site's time zone and change-of-day time.
 */
export function toRetailConditions(filters: AppliedFilters, site: FilterSite, ignored: readonly string[] = []): RetailCondition[] {
  const skip = new Set(ignored);
  const out: RetailCondition[] = [];
  if (!skip.has('date')) {
    for (const range of filters.timespans) {
      const [begin] = businessDayRange(range.dateBegin, site.timezone, site.changeOfDayTime);
      const [, end] = businessDayRange(range.dateEnd, site.timezone, site.changeOfDayTime);
      out.push({ type: 'date', dateBegin: new Date(begin).toISOString(), dateEnd: new Date(end).toISOString() });
    }
    if (filters.hours) out.push({ type: 'hours', values: [filters.hours] });
  }
  if (!skip.has('day') && filters.day && filters.day.days.length) {
    out.push({ type: 'day', operator: filters.day.operator, values: filters.day.days.map(String) });
  }
  if (!skip.has('gender') && filters.gender && filters.gender !== 'ALL') out.push({ type: 'gender', values: [filters.gender] });
  if (!skip.has('engagement') && filters.engagement && filters.engagement !== 'ALL') out.push({ type: 'engagement', values: [filters.engagement] });
  if (!skip.has('category') && filters.tagIds?.length) out.push({ type: 'category', values: filters.tagIds.map(String) });
  // The engine narrows whatever the widget reads to this zone and its dependents.
  if (!skip.has('zone') && filters.zoneId) out.push({ type: 'zone', values: [String(filters.zoneId)] });
  return out;
}
