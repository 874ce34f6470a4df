import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import {
  type AppliedFilters,
  clearGlobalFilters,
  EMPTY_GLOBAL_FILTERS,
  type FilterContext,
  type FilterState,
  type GlobalWidgetFilter,
  type LinkFilterPart,
  saveGlobalFilters,
  toAppliedFilters,
  unusedLinkFilters,
  withPagePresets,
  writeFilterParams,
} from '@sitelens/domain';
import { useLocation, useSearchParams } from 'react-router';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import type { PageKind, WidgetSite } from '../../widgets/core/widgetContext.ts';
import { loadGlobalFilters, loadSessionFilters, saveGlobalFilterStore, saveSessionFilters } from './globalFilterStore.ts';
import { useFilterContext } from './hooks/useFilterContext.ts';
import { useFilterUrlSync, writeFilterUrlNow } from './hooks/useFilterUrlSync.ts';
import { fromAppliedFilters, globalPageId, hasFilterParams, initialFilterState } from './pageFilterState.ts';

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
  /** What the link the page was opened with asked for and the page cannot show (LinkFiltersNotice). */
  linkLeftOut: readonly LinkFilterPart[];
  dismissLinkNotice: () => void;
}

const PageFiltersContext = createContext<PageFiltersValue | null>(null);

interface ProviderProps {
  site: WidgetSite;
  pageKind: PageKind;
  /** The stored page id (custom pages); installation pages get one from the site and kind. */
  pageId?: number;
  /** A custom page's global widget filters: its zone scope and default filters. */
  presets?: readonly GlobalWidgetFilter[];
  children: ReactNode;
}

const NO_PRESETS: readonly GlobalWidgetFilter[] = [];

/**
 * The filters applied on one installation or custom page: read from the URL on load, kept in sync
 * with the URL and the stored state; the filter bar changes them, widgets read them. A custom
 * page's presets are its defaults (the URL and stored state still win, see pageFilterState.ts).
 */
export function PageFiltersProvider({ site, pageKind, pageId, presets = NO_PRESETS, children }: ProviderProps) {
  const siteCtx = useFilterContext(site, pageKind);
  const ctx = useMemo(() => siteCtx && withPagePresets(siteCtx, presets), [siteCtx, presets]);
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
  const [opened] = useState(() => {
    const state = initialFilterState(ctx, { params, session: loadSessionFilters(pageKey), global: loadGlobalFilters(), pageId });
    return { state, leftOut: hasFilterParams(params) ? unusedLinkFilters(params, state) : [] };
  });
  const [state, setState] = useState(opened.state);
  const [linkLeftOut, setLinkLeftOut] = useState<readonly LinkFilterPart[]>(opened.leftOut);
  const dismissLinkNotice = useCallback(() => setLinkLeftOut([]), []);
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
    () => ({ site, pageKind, filters, setFilters, ctx, state, applyState, saveGlobal, clearGlobal, hasSavedGlobal, linkLeftOut, dismissLinkNotice }),
    [site, pageKind, filters, setFilters, ctx, state, applyState, saveGlobal, clearGlobal, hasSavedGlobal, linkLeftOut, dismissLinkNotice],
  );
  return <PageFiltersContext.Provider value={value}>{children}</PageFiltersContext.Provider>;
}

export function usePageFilters(): PageFiltersValue {
  const value = useContext(PageFiltersContext);
  if (!value) throw new Error('usePageFilters outside PageFiltersProvider');
  return value;
}
