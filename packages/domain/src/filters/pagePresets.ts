// A custom page's preset filters (spec 001 §2-§3 "Global widget filter") as the page's filter scope
// and default filters. Read by type, in `order`:
// - zone: the first listed zone the site has is the page's zone. The zone menu offers it and the
//   zones under it, so it is the page's highest zone (default, removal reset, checked alone).
// - timespan: a known datePreset, else the dateFilters range clamped to [minDate, today]; several
//   timespan entries give several ranges (OR), kept while they stay valid together.
// - day: dayFilters, weekdays 0 (Sunday) .. 6 (Saturday) as the admin tool stores them.
// - category: the tag categories the page's bar offers, in order (none listed: every category);
//   a category names no tag, so it starts at All.
// Anything unknown or malformed is left out, never an error: the page then opens as any other.
import { parseIsoDate } from '../time/calendarDate.ts';
import type { GlobalWidgetFilter } from '../widgets/widgetModel.ts';
import { normalizeDayFilter } from './dayFilter.ts';
import { defaultFilters } from './defaultFilters.ts';
import type { DayFilter, FilterContext, FilterState, FilterZone, TimespanCondition } from './filterState.ts';
import { CUSTOM_TIMESPAN, presetCondition, timespanPreset } from './timespanPresets.ts';
import { validateCustomRanges } from './timespanRules.ts';
import { dependentZoneIds, isZoneSelectable } from './zoneFilter.ts';

export interface PagePresets {
  /** The page's zone, or null when it has no usable zone filter. */
  zoneId: number | null;
  /** The preset timespan, or null for the usual default. */
  timespans: TimespanCondition[] | null;
  day: DayFilter | null;
  /** The tag categories offered, in preset order; null: every category. */
  categoryIds: number[] | null;
}

// Presets may come from the widget builder's messages: shapes are checked, not trusted.
const byOrder = (filters: readonly GlobalWidgetFilter[]) => [...filters].sort((a, b) => (Number(a.order) || 0) - (Number(b.order) || 0));

function presetZone(filters: readonly GlobalWidgetFilter[], ctx: Pick<FilterContext, 'zones' | 'pageKind'>): number | null {
  for (const filter of filters.filter((f) => f.type === 'zone')) {
    for (const id of Array.isArray(filter.zoneIds) ? filter.zoneIds : []) {
      const zone = ctx.zones.find((z) => z.id === id);
      if (zone && isZoneSelectable(zone, ctx.pageKind)) return id;
    }
  }
  return null;
}

/** A range clamped to [minDate, today]; null when nothing of it is left or it is not a pair of dates. */
function clampedRange(range: unknown, ctx: Pick<FilterContext, 'today' | 'minDate'>): TimespanCondition | null {
  if (!Array.isArray(range) || range.length !== 2) return null;
  const [begin, end] = range as unknown[];
  if (typeof begin !== 'string' || typeof end !== 'string' || !parseIsoDate(begin) || !parseIsoDate(end)) return null;
  const condition = { label: CUSTOM_TIMESPAN, dateBegin: begin < ctx.minDate ? ctx.minDate : begin, dateEnd: end > ctx.today ? ctx.today : end };
  return validateCustomRanges([condition], ctx).length === 0 ? condition : null;
}

function presetTimespans(filters: readonly GlobalWidgetFilter[], ctx: Pick<FilterContext, 'today' | 'minDate'>): TimespanCondition[] | null {
  const entries = filters.filter((f) => f.type === 'timespan');
  for (const entry of entries) {
    const preset = typeof entry.datePreset === 'string' ? timespanPreset(entry.datePreset) : null;
    if (preset) return [presetCondition(preset, ctx.today)];
  }
  const ranges: TimespanCondition[] = [];
  for (const entry of entries) {
    const range = clampedRange(entry.dateFilters, ctx);
    if (range && validateCustomRanges([...ranges, range], ctx).length === 0) ranges.push(range);
  }
  return ranges.length ? ranges.sort((a, b) => a.dateBegin.localeCompare(b.dateBegin)) : null;
}

/** Weekdays as the admin tool stores them (0 = Sunday .. 6 = Saturday) to ISO weekdays (1 = Monday .. 7 = Sunday). */
export function isoWeekdayOfPreset(value: number): number | null {
  return Number.isInteger(value) && value >= 0 && value <= 6 ? (value === 0 ? 7 : value) : null;
}

function presetDay(filters: readonly GlobalWidgetFilter[]): DayFilter | null {
  const entry = filters.find((f) => f.type === 'day' && f.dayFilters);
  if (!entry?.dayFilters || !Array.isArray(entry.dayFilters.values)) return null;
  return normalizeDayFilter(entry.dayFilters.operator, entry.dayFilters.values.map(isoWeekdayOfPreset));
}

function presetCategories(filters: readonly GlobalWidgetFilter[], ctx: Pick<FilterContext, 'categories'>): number[] | null {
  const listed = filters.filter((f) => f.type === 'category' && typeof f.categoryId === 'number').map((f) => f.categoryId!);
  if (listed.length === 0) return null;
  return [...new Set(listed)].filter((id) => ctx.categories.some((c) => c.id === id));
}

/** The page's presets read against its site (unknown zones, categories and bad dates left out). */
export function readPagePresets(filters: readonly GlobalWidgetFilter[], ctx: FilterContext): PagePresets {
  const ordered = byOrder(filters);
  return {
    zoneId: presetZone(ordered, ctx),
    timespans: presetTimespans(ordered, ctx),
    day: presetDay(ordered),
    categoryIds: presetCategories(ordered, ctx),
  };
}

/** The zone and the zones under it, the zone itself made the root. */
function zoneScope(zones: readonly FilterZone[], zoneId: number): FilterZone[] {
  const ids = dependentZoneIds(zones, zoneId);
  return zones.filter((z) => ids.includes(z.id)).map((z) => (z.id === zoneId ? { ...z, parentId: null } : z));
}

/**
 * The filter context of a page with presets: zones scoped to the page's zone, the offered
 * categories, and the preset timespan and day filter as the defaults every rule falls back to.
 */
export function withPagePresets(ctx: FilterContext, filters: readonly GlobalWidgetFilter[]): FilterContext {
  if (filters.length === 0) return ctx;
  const presets = readPagePresets(filters, ctx);
  const categories = presets.categoryIds?.map((id) => ctx.categories.find((c) => c.id === id)!) ?? ctx.categories;
  return {
    ...ctx,
    zones: presets.zoneId != null ? zoneScope(ctx.zones, presets.zoneId) : ctx.zones,
    categories,
    ...(presets.timespans ? { presetTimespans: presets.timespans } : {}),
    ...(presets.day ? { presetDay: presets.day } : {}),
  };
}

/** The filters a page with presets opens with when neither the URL nor stored state says otherwise. */
export function pageDefaultFilters(ctx: FilterContext, filters: readonly GlobalWidgetFilter[]): FilterState {
  return defaultFilters(withPagePresets(ctx, filters));
}
