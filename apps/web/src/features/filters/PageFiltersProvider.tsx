import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import {
  type AppliedFilters,
  businessDate,
  clearGlobalFilters,
  defaultTimespanDay,
  EMPTY_GLOBAL_FILTERS,
  type FilterContext,
  type FilterState,
  isoDateAddDays,
  saveGlobalFilters,
  toAppliedFilters,
  writeFilterParams,
} from '@sitelens/domain';
import { useLocation, useSearchParams } from 'react-router';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import type { PageKind, WidgetSite } from '../../widgets/core/widgetContext.ts';
import { loadGlobalFilters, loadSessionFilters, saveGlobalFilterStore, saveSessionFilters } from './globalFilterStore.ts';
import { useFilterContext } from './hooks/useFilterContext.ts';
import { useFilterUrlSync, writeFilterUrlNow } from './hooks/useFilterUrlSync.ts';
import { fromAppliedFilters, globalPageId, initialFilterState } from './pageFilterState.ts';

export interface PageFiltersValue {
  site: WidgetSite;
  pageKind: PageKind;
  /** What widgets send (conditions AND, dates OR). */
  filters: AppliedFilters;
  setFilters: (next: AppliedFilters) => void;
  /** The filter bar's view: the rules' context and the applied state. */
  ctx: FilterContext;
  state: FilterState;
  /** `leaving`: the page is about to be left, write the URL and stored state at once. */
  applyState: (next: FilterState, options?: { leaving?: boolean }) => void;
  /** Global filters (spec 001 §4): save this page's applied filters, clear them all. */
  saveGlobal: () => void;
  clearGlobal: () => void;
  hasSavedGlobal: boolean;
}

const PageFiltersContext = createContext<PageFiltersValue | null>(null);

/** Today at the site, or yesterday when it is closed or its business day has not begun (spec 001 §4). */
export function defaultFilters(site: WidgetSite, topZoneId: number | null, now = Date.now()): AppliedFilters {
  const today = businessDate(now, site.timezone, site.changeOfDayTime);
  const which = defaultTimespanDay(now, { tz: site.timezone, openingHours: site.openingHours, changeOfDay: site.changeOfDayTime });
  const day = which === 'today' ? today : isoDateAddDays(today, -1);
  return { timespans: [{ dateBegin: day, dateEnd: day, label: which }], zoneId: topZoneId, gender: 'ALL', engagement: 'ALL', tagIds: [] };
}

interface ProviderProps {
  site: WidgetSite;
  pageKind: PageKind;
  topZoneId: number | null;
  /** The stored page id (custom pages); installation pages get one from the site and kind. */
  pageId?: number;
  children: ReactNode;
}

/**
 * The filters applied on one installation or custom page: read from the URL on load, kept in sync
 * with the URL and the stored state; the filter bar changes them, widgets read them.
 */
export function PageFiltersProvider({ site, pageKind, pageId, children }: ProviderProps) {
  const ctx = useFilterContext(site, pageKind);
  if (!ctx) return <SectionLoader />;
  return (
    <ReadyProvider site={site} pageKind={pageKind} pageId={globalPageId(pageId, site.id, pageKind)} ctx={ctx}>
      {children}
    </ReadyProvider>
  );
}

function ReadyProvider({ site, pageKind, pageId, ctx, children }: { site: WidgetSite; pageKind: PageKind; pageId: number; ctx: FilterContext; children: ReactNode }) {
  const [params] = useSearchParams();
  const pageKey = useLocation().pathname;
  const [state, setState] = useState(() =>
    initialFilterState(ctx, { params, session: loadSessionFilters(pageKey), global: loadGlobalFilters(), pageId }),
  );
  const [hasSavedGlobal, setHasSavedGlobal] = useState(() => loadGlobalFilters() !== null);
  useFilterUrlSync(state, setState, ctx, pageKey);

  const applyState = useCallback(
    (next: FilterState, options?: { leaving?: boolean }) => {
      if (options?.leaving) {
        writeFilterUrlNow(next);
        saveSessionFilters(pageKey, writeFilterParams(next).toString());
      }
      setState(next);
    },
    [pageKey],
  );
  const setFilters = useCallback((next: AppliedFilters) => setState(fromAppliedFilters(next, ctx)), [ctx]);
  const saveGlobal = useCallback(() => {
    saveGlobalFilterStore(saveGlobalFilters(loadGlobalFilters() ?? EMPTY_GLOBAL_FILTERS, pageId, state, ctx));
    setHasSavedGlobal(true);
  }, [pageId, state, ctx]);
  const clearGlobal = useCallback(() => {
    const cleared = clearGlobalFilters(ctx);
    saveGlobalFilterStore(null);
    saveSessionFilters(pageKey, null);
    setHasSavedGlobal(false);
    setState(cleared.state);
  }, [ctx, pageKey]);

  const filters = useMemo(() => toAppliedFilters(state), [state]);
  const value = useMemo(
    () => ({ site, pageKind, filters, setFilters, ctx, state, applyState, saveGlobal, clearGlobal, hasSavedGlobal }),
    [site, pageKind, filters, setFilters, ctx, state, applyState, saveGlobal, clearGlobal, hasSavedGlobal],
  );
  return <PageFiltersContext.Provider value={value}>{children}</PageFiltersContext.Provider>;
}

export function usePageFilters(): PageFiltersValue {
  const value = useContext(PageFiltersContext);
  if (!value) throw new Error('usePageFilters outside PageFiltersProvider');
  return value;
}
