// Filters in the URL (spec 001 §4-§5): a link opens the page with exactly its filters. Query
// parameters (anything malformed or unknown is ignored, never an error):
//   timespan=<preset>          today, yesterday, last7Days, last14Days, last30Days, lastMonth,
//                              last90Days, lastQuarter (aliases lastWeek, last2Weeks)
//   from=YYYY-MM-DD&to=YYYY-MM-DD   custom ranges, repeated and paired in order; they win over timespan
//   hours=morning|afternoon|openingHours
//   dayOp=IS|IS_NOT & day=<1..7>    day filter (ISO weekdays, repeated; operator IS when absent)
//   zone=<id>   gender=MALE|FEMALE   engagement=ENGAGED|NOT_ENGAGED
//   tag=<id>    chosen tag, repeated (one per category; its category is looked up)
//   event=<id>  selected event, repeated (its range joins the timespan)
// Dates must be YYYY-MM-DD real dates inside [minDate, today]; ids digits only and known to the
// page (an unknown zone, tag or event, e.g. another organization's, is ignored).
import { HOUR_PRESETS } from '../installations/openingHoursRules.ts';
import { parseIsoDate } from '../time/calendarDate.ts';
import { isEngagement, isGender, selectCategoryTag, categoryOfTag } from './categoryFilter.ts';
import { normalizeDayFilter } from './dayFilter.ts';
import { defaultFilters } from './defaultFilters.ts';
import { selectEvent } from './eventFilter.ts';
import type { FilterContext, FilterState, HourPreset } from './filterState.ts';
import { CUSTOM_TIMESPAN, presetCondition, timespanPreset } from './timespanPresets.ts';
import { type CustomRangeInput, validateCustomRanges } from './timespanRules.ts';
import { selectZone } from './zoneFilter.ts';
import { pageAudience } from './pageFilters.ts';

export const FILTER_PARAMS = ['timespan', 'from', 'to', 'hours', 'dayOp', 'day', 'zone', 'gender', 'engagement', 'tag', 'event'] as const;

const DIGITS = /^\d{1,9}$/;
const idsOf = (values: string[]) => values.filter((v) => DIGITS.test(v)).map(Number);
const isHourPreset = (v: string | null): v is HourPreset => v != null && Object.hasOwn(HOUR_PRESETS, v);

/** Custom ranges of the URL: well-formed pairs, each kept only if valid alongside the ones kept before it. */
function urlRanges(params: URLSearchParams, ctx: FilterContext): CustomRangeInput[] {
  const froms = params.getAll('from');
  const tos = params.getAll('to');
  const kept: CustomRangeInput[] = [];
  froms.forEach((from, i) => {
    const to = tos[i];
    if (!to || !parseIsoDate(from) || !parseIsoDate(to)) return;
    const candidate = [...kept, { dateBegin: from, dateEnd: to }];
    if (validateCustomRanges(candidate, ctx).length === 0) kept.push({ dateBegin: from, dateEnd: to });
  });
  return kept;
}

/** The filter state a URL asks for, on top of the page's defaults. */
export function readFilterParams(params: URLSearchParams, ctx: FilterContext): FilterState {
  let state = defaultFilters(ctx);
  const ranges = urlRanges(params, ctx);
  const preset = timespanPreset(params.get('timespan') ?? '');
  if (ranges.length) {
    state.timespans = ranges.map((r) => ({ label: CUSTOM_TIMESPAN, dateBegin: r.dateBegin!, dateEnd: r.dateEnd! })).sort((a, b) => a.dateBegin.localeCompare(b.dateBegin));
  } else if (preset) {
    state.timespans = [presetCondition(preset, ctx.today)];
  }
  const hours = params.get('hours');
  if (isHourPreset(hours)) state.hours = hours;
  state.day = normalizeDayFilter(params.get('dayOp') ?? 'IS', params.getAll('day'));
  const [zoneId] = idsOf(params.getAll('zone'));
  if (zoneId !== undefined) state = selectZone(state, zoneId, ctx);
  const audience = pageAudience(ctx.pageKind);
  const gender = params.get('gender');
  if (audience.gender && isGender(gender)) state.gender = gender;
  const engagement = params.get('engagement');
  if (audience.engagement && isEngagement(engagement)) state.engagement = engagement;
  for (const tagId of idsOf(params.getAll('tag'))) {
    const categoryId = categoryOfTag(tagId, ctx);
    if (categoryId != null && state.categories[categoryId] == null) state = selectCategoryTag(state, categoryId, tagId, ctx);
  }
  for (const eventId of idsOf(params.getAll('event'))) state = selectEvent(state, eventId, ctx);
  return state;
}

/** `params` with the filter parameters replaced by the state's; other parameters are kept. */
export function writeFilterParams(state: FilterState, params: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const out = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) out.delete(name);
  const own = state.timespans.filter((c) => c.eventId == null);
  const custom = own.filter((c) => !timespanPreset(c.label));
  if (custom.length) {
    for (const c of custom) {
      out.append('from', c.dateBegin);
      out.append('to', c.dateEnd);
    }
  } else if (own[0]) {
    out.set('timespan', timespanPreset(own[0].label)!);
  }
  if (state.hours) out.set('hours', state.hours);
  if (state.day?.days.length) {
    out.set('dayOp', state.day.operator);
    for (const d of state.day.days) out.append('day', String(d));
  }
  if (state.zoneId != null) out.set('zone', String(state.zoneId));
  if (state.gender !== 'ALL') out.set('gender', state.gender);
  if (state.engagement !== 'ALL') out.set('engagement', state.engagement);
  for (const tagId of Object.values(state.categories)) out.append('tag', String(tagId));
  for (const eventId of state.eventIds) out.append('event', String(eventId));
  return out;
}
