import { useEffect, useRef } from 'react';
import { type FilterContext, type FilterState, filtersEqual, readFilterParams, writeFilterParams } from '@sitelens/domain';
import { useLocation, useSearchParams } from 'react-router';
import { saveSessionFilters } from '../globalFilterStore.ts';
import { hasFilterParams } from '../pageFilterState.ts';

/** Spec 001 §9: timespan (stored state) debounce 400 ms, search-parameter debounce 500 ms. */
export const STORED_STATE_DEBOUNCE_MS = 400;
export const SEARCH_PARAMS_DEBOUNCE_MS = 500;

/**
 * The address a page's filters write once their debounce ends: its search parameters with the
 * filters in, and whether they differ from the address's; null when the reader has left for another
 * page whose route is still loading (the filtered page stays mounted meanwhile): that address is not
 * this page's to write (a help topic opened from a site page took the site's filters).
 */
export function filterAddressWrite(state: FilterState, pageKey: string, address: { pathname: string; search: string }): { params: URLSearchParams; changed: boolean } | null {
  if (address.pathname !== pageKey) return null;
  const params = writeFilterParams(state, new URLSearchParams(address.search));
  return { params, changed: params.toString() !== new URLSearchParams(address.search).toString() };
}

/**
 * Keeps the applied filters, the URL and this tab's stored state in step: the state is written to
 * the URL (replace, 500 ms) and to session storage (400 ms); a URL changed from outside (back
 * button, a pinned link of the same page) is read back into the state.
 */
export function useFilterUrlSync(state: FilterState, setState: (next: FilterState) => void, ctx: FilterContext, pageKey: string): void {
  const [, setSearchParams] = useSearchParams();
  const location = useLocation();
  const written = useRef<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      const write = filterAddressWrite(state, pageKey, window.location);
      if (!write) return;
      written.current = write.params.toString();
      if (write.changed) setSearchParams(write.params, { replace: true, preventScrollReset: true });
    }, SEARCH_PARAMS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state, setSearchParams, pageKey]);

  useEffect(() => {
    const timer = setTimeout(() => saveSessionFilters(pageKey, writeFilterParams(state).toString()), STORED_STATE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state, pageKey]);

  const stateRef = useRef(state);
  stateRef.current = state;
  // Leaving the page before the debounce ends still stores its last filters.
  useEffect(() => () => saveSessionFilters(pageKey, writeFilterParams(stateRef.current).toString()), [pageKey]);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (written.current === null || params.toString() === written.current || !hasFilterParams(params)) return;
    const fromUrl = readFilterParams(params, ctx);
    if (!filtersEqual(fromUrl, stateRef.current)) setState(fromUrl);
  }, [location.search, ctx, setState]);
}

/**
 * Writes the filters into the current history entry at once (no debounce): used when the page is
 * left right after applying (leave guard "save"), so the back button returns to the applied view.
 */
export function writeFilterUrlNow(state: FilterState): void {
  const params = writeFilterParams(state, new URLSearchParams(window.location.search));
  window.history.replaceState(window.history.state, '', `${window.location.pathname}?${params.toString()}${window.location.hash}`);
}
