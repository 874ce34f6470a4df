// How a page's filter state starts and how the old AppliedFilters setter maps onto it. The rules
// themselves are @sitelens/domain's; this file only picks the source: the URL (a shared link), else
// this tab's last state of the page, else the saved global filters, else the defaults (a custom
// page's presets, carried by the context: withPagePresets).
import {
  type AppliedFilters,
  categoryOfTag,
  defaultFilters as defaultFilterState,
  FILTER_PARAMS,
  type FilterContext,
  type FilterState,
  readFilterParams,
  restoreGlobalFilters,
  type StoredGlobalFilters,
} from '@sitelens/domain';

/** Whether the URL carries any filter parameter (then it alone decides, so a link shows the same view). */
export function hasFilterParams(params: URLSearchParams): boolean {
  return FILTER_PARAMS.some((name) => params.has(name));
}

export interface FilterSources {
  params: URLSearchParams;
  session: string | null;
  global: StoredGlobalFilters | null;
  pageId: number;
}

export function initialFilterState(ctx: FilterContext, sources: FilterSources): FilterState {
  if (hasFilterParams(sources.params)) return readFilterParams(sources.params, ctx);
  if (sources.session) return readFilterParams(new URLSearchParams(sources.session), ctx);
  if (sources.global) return restoreGlobalFilters(sources.global, sources.pageId, ctx);
  return defaultFilterState(ctx);
}

/** The filter state for filters set through the older AppliedFilters setter. */
export function fromAppliedFilters(applied: AppliedFilters, ctx: FilterContext): FilterState {
  const categories: Record<number, number> = {};
  for (const tagId of applied.tagIds ?? []) {
    const categoryId = categoryOfTag(tagId, ctx);
    if (categoryId != null) categories[categoryId] = tagId;
  }
  return {
    timespans: applied.timespans.map((r) => ({ label: r.label ?? 'custom', dateBegin: r.dateBegin, dateEnd: r.dateEnd, ...(r.eventId != null ? { eventId: r.eventId } : {}) })),
    hours: applied.hours ?? null,
    day: applied.day ?? null,
    zoneId: applied.zoneId ?? null,
    gender: applied.gender ?? 'ALL',
    engagement: applied.engagement ?? 'ALL',
    categories,
    eventIds: applied.eventIds ?? [],
  };
}

const KINDS = ['counting', 'atmosphere', 'energy', 'custom'] as const;

/**
 * The page id global filters are saved under: a custom page's own id, or for an installation page
 * a negative id made of the site and the page kind (they have no stored page id).
 */
export function globalPageId(pageId: number | undefined, siteId: number, pageKind: (typeof KINDS)[number]): number {
  return pageId ?? -(siteId * KINDS.length + KINDS.indexOf(pageKind));
}
