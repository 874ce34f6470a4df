// Global filters kept across pages (spec 001 §3 "Global filter state", §4): the timespan and the
// day filter are shared by every page; gender, engagement, zone and each tag category are kept per
// page as { pageId, type, selectedValue, id (the category id) }. Saving replaces the entry of the
// same page and type (and category id) or adds one; restoring sets every "today" condition to the
// current day; clearing resets everything to the initial state.
import { isEngagement, isGender, selectCategoryTag } from './categoryFilter.ts';
import { normalizeDayFilter } from './dayFilter.ts';
import { defaultFilters } from './defaultFilters.ts';
import type { DayFilter, FilterContext, FilterState, TimespanCondition } from './filterState.ts';
import { timespanPreset } from './timespanPresets.ts';
import { validateCustomRanges } from './timespanRules.ts';
import { selectZone } from './zoneFilter.ts';

export type PageFilterType = 'gender' | 'engagement' | 'zone' | 'category';

export interface PageGlobalFilter {
  pageId: number;
  type: PageFilterType;
  selectedValue: string;
  /** The tag category, for type 'category'. */
  id?: number;
}

export interface StoredGlobalFilters {
  timespanFilterConditions: TimespanCondition[];
  dayFilterConditions: DayFilter | null;
  pagesGlobalFilters: PageGlobalFilter[];
}

export const EMPTY_GLOBAL_FILTERS: StoredGlobalFilters = { timespanFilterConditions: [], dayFilterConditions: null, pagesGlobalFilters: [] };

const samePlace = (a: PageGlobalFilter, b: PageGlobalFilter) =>
  a.pageId === b.pageId && a.type === b.type && (a.type !== 'category' || a.id === b.id);

/** Saves one page selection: replaces the entry of the same page and type (and category id), or adds it. */
export function savePageGlobalFilter(list: readonly PageGlobalFilter[], entry: PageGlobalFilter): PageGlobalFilter[] {
  return list.some((e) => samePlace(e, entry)) ? list.map((e) => (samePlace(e, entry) ? entry : e)) : [...list, entry];
}

/** Saves an applied state of page `pageId`: shared timespan and days, and this page's own selections. */
export function saveGlobalFilters(stored: StoredGlobalFilters, pageId: number, state: FilterState, ctx: Pick<FilterContext, 'categories'>): StoredGlobalFilters {
  let pages = stored.pagesGlobalFilters;
  pages = savePageGlobalFilter(pages, { pageId, type: 'gender', selectedValue: state.gender });
  pages = savePageGlobalFilter(pages, { pageId, type: 'engagement', selectedValue: state.engagement });
  if (state.zoneId != null) pages = savePageGlobalFilter(pages, { pageId, type: 'zone', selectedValue: String(state.zoneId) });
  for (const category of ctx.categories) {
    const tagId = state.categories[category.id];
    pages = savePageGlobalFilter(pages, { pageId, type: 'category', id: category.id, selectedValue: tagId == null ? 'ALL' : String(tagId) });
  }
  return {
    timespanFilterConditions: state.timespans.filter((c) => c.eventId == null).map((c) => ({ ...c })),
    dayFilterConditions: state.day ? { operator: state.day.operator, days: [...state.day.days] } : null,
    pagesGlobalFilters: pages,
  };
}

/** Stored conditions with every "today" condition moved to the current day. */
export function refreshTodayConditions(conditions: readonly TimespanCondition[], today: string): TimespanCondition[] {
  return conditions.map((c) => (c.label === 'today' ? { ...c, dateBegin: today, dateEnd: today } : c));
}

/**
 * The filters page `pageId` opens with from stored global filters: "today" conditions set to the
 * current day, anything invalid for this page (dates out of range, unknown zone or tag) ignored.
 */
export function restoreGlobalFilters(stored: StoredGlobalFilters, pageId: number, ctx: FilterContext): FilterState {
  let state = defaultFilters(ctx);
  const conditions = refreshTodayConditions(stored.timespanFilterConditions, ctx.today).filter((c) => c.eventId == null);
  const presets = conditions.filter((c) => timespanPreset(c.label));
  if (conditions.length && (presets.length ? conditions.length === 1 : validateCustomRanges(conditions, ctx).length === 0)) {
    const preset = presets[0] && timespanPreset(presets[0].label);
    state.timespans = preset ? [{ ...conditions[0]!, label: preset }] : conditions.map((c) => ({ ...c }));
  }
  state.day = stored.dayFilterConditions ? normalizeDayFilter(stored.dayFilterConditions.operator, stored.dayFilterConditions.days) : null;
  for (const entry of stored.pagesGlobalFilters.filter((e) => e.pageId === pageId)) {
    if (entry.type === 'gender' && isGender(entry.selectedValue)) state.gender = entry.selectedValue;
    if (entry.type === 'engagement' && isEngagement(entry.selectedValue)) state.engagement = entry.selectedValue;
    if (entry.type === 'zone' && /^\d+$/.test(entry.selectedValue)) state = selectZone(state, Number(entry.selectedValue), ctx);
    if (entry.type === 'category' && entry.id != null && /^\d+$/.test(entry.selectedValue)) state = selectCategoryTag(state, entry.id, Number(entry.selectedValue), ctx);
  }
  return state;
}

/** Clearing: nothing stored, and the page back to its initial filters. */
export function clearGlobalFilters(ctx: FilterContext): { stored: StoredGlobalFilters; state: FilterState } {
  return { stored: { ...EMPTY_GLOBAL_FILTERS, pagesGlobalFilters: [] }, state: defaultFilters(ctx) };
}
