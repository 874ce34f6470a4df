// The filter rules' context for one page of one site at one instant (see filterState.ts for its shape).
import { defaultTimespanDay } from '../installations/openingHoursRules.ts';
import { businessDate } from '../time/bucketStart.ts';
import { FILTER_MIN_DATE, type FilterContext, type FilterEvent, type FilterPageKind, type FilterSiteInfo, type FilterTagCategory, type FilterZone } from './filterState.ts';
import { pageTagCategories } from './pageFilters.ts';
import { withDependentSensors } from './zoneFilter.ts';

/** Builds the context for a site at instant `now` (ms): today, the minimum date, the default preset and the categories the page offers. */
export function filterContext(
  now: number,
  site: FilterSiteInfo,
  page: { pageKind: FilterPageKind; zones?: readonly FilterZone[]; events?: readonly FilterEvent[]; categories?: readonly FilterTagCategory[] },
): FilterContext {
  const created = site.creationDate ? site.creationDate.slice(0, 10) : null;
  return {
    today: businessDate(now, site.timezone, '00:00'),
    minDate: created && /^\d{4}-\d{2}-\d{2}$/.test(created) ? created : FILTER_MIN_DATE,
    defaultPreset: defaultTimespanDay(now, { tz: site.timezone, openingHours: site.openingHours ?? [], changeOfDay: site.changeOfDayTime }),
    pageKind: page.pageKind,
    zones: withDependentSensors(page.zones ?? []),
    events: page.events ?? [],
    categories: pageTagCategories(page.pageKind, page.categories ?? []),
  };
}
