import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { type AppliedFilters, businessDate, defaultTimespanDay, isoDateAddDays } from '@sitelens/domain';
import type { PageKind, WidgetSite } from '../../widgets/core/widgetContext.ts';

interface PageFiltersValue {
  site: WidgetSite;
  pageKind: PageKind;
  filters: AppliedFilters;
  setFilters: (next: AppliedFilters) => void;
}

const PageFiltersContext = createContext<PageFiltersValue | null>(null);

/** Today at the site, or yesterday when it is closed or its business day has not begun (spec 001 §4). */
export function defaultFilters(site: WidgetSite, topZoneId: number | null, now = Date.now()): AppliedFilters {
  const today = businessDate(now, site.timezone, site.changeOfDayTime);
  const which = defaultTimespanDay(now, { tz: site.timezone, openingHours: site.openingHours, changeOfDay: site.changeOfDayTime });
  const day = which === 'today' ? today : isoDateAddDays(today, -1);
  return { timespans: [{ dateBegin: day, dateEnd: day, label: which }], zoneId: topZoneId, gender: 'ALL', engagement: 'ALL', tagIds: [] };
}

/** The filters applied on one installation or custom page; the filter bar changes them, widgets read them. */
export function PageFiltersProvider({ site, pageKind, topZoneId, children }: { site: WidgetSite; pageKind: PageKind; topZoneId: number | null; children: ReactNode }) {
  const [filters, setFilters] = useState(() => defaultFilters(site, topZoneId));
  const value = useMemo(() => ({ site, pageKind, filters, setFilters }), [site, pageKind, filters]);
  return <PageFiltersContext.Provider value={value}>{children}</PageFiltersContext.Provider>;
}

export function usePageFilters(): PageFiltersValue {
  const value = useContext(PageFiltersContext);
  if (!value) throw new Error('usePageFilters outside PageFiltersProvider');
  return value;
}
