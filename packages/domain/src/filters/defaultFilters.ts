// The initial filter state of a page (spec 001 §4): the default timespan (Today, or Yesterday when
// the site is closed or before its change of day) and the default zone (the highest-level one);
// no hours, no day filter, gender, engagement and every category at All, no event. A custom page's
// presets (pagePresets.ts) replace the timespan and the day filter, and scope the zones.
import type { FilterContext, FilterState } from './filterState.ts';
import { defaultTimespan } from './timespanPresets.ts';
import { defaultZoneId } from './zoneFilter.ts';

export function defaultFilters(ctx: FilterContext): FilterState {
  return {
    timespans: defaultTimespan(ctx),
    hours: null,
    day: ctx.presetDay ? { operator: ctx.presetDay.operator, days: [...ctx.presetDay.days] } : null,
    zoneId: defaultZoneId(ctx),
    gender: 'ALL',
    engagement: 'ALL',
    categories: {},
    eventIds: [],
  };
}
