import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SALES_FUNNEL_QUERY_DEBOUNCE_MS, type SalesFunnelSelection, parseSalesFunnelQuery, writeSalesFunnelQuery } from '@sitelens/domain';

const same = (a: SalesFunnelSelection, b: SalesFunnelSelection) => a.siteIds.join(',') === b.siteIds.join(',') && a.dates.join(',') === b.dates.join(',');

/**
 * The funnel's shops and periods: shown at once as the user picks them, written to the query
 * string (`sites`, `dates`) 500 ms after the last change (spec 002 §4). The data follows the query
 * string, so a burst of clicks asks the server once, and a shared link opens the same funnel.
 */
export function useFunnelSelection() {
  const location = useLocation();
  const navigate = useNavigate();
  const applied = parseSalesFunnelQuery(location.search);
  const [draft, setDraft] = useState<SalesFunnelSelection>(applied);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const search = useRef(location.search);
  search.current = location.search;

  // Back and forward in history bring their own selection.
  const appliedKey = `${applied.siteIds.join(',')}|${applied.dates.join(',')}`;
  useEffect(() => {
    setDraft((current) => (same(current, applied) ? current : applied));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appliedKey]);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const change = (next: SalesFunnelSelection) => {
    setDraft(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      navigate({ search: writeSalesFunnelQuery(search.current, next) }, { replace: true });
    }, SALES_FUNNEL_QUERY_DEBOUNCE_MS);
  };

  return { draft, applied, change };
}
