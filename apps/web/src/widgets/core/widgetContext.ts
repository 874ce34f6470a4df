import type { AppliedFilters, OpeningHoursWindow } from '@sitelens/domain';

/** The site a page shows: what widgets need to build their requests and judge live vs historical. */
export interface WidgetSite {
  id: number;
  name: string;
  timezone: string;
  changeOfDayTime: string;
  openingHours: OpeningHoursWindow[];
  /** YYYY-MM-DD. */
  creationDate: string;
}

export type PageKind = 'counting' | 'atmosphere' | 'energy' | 'custom';

/** Everything a widget reads from its page (spec 001 §2): the site, the applied filters and where it is shown. */
export interface WidgetContext {
  site: WidgetSite;
  filters: AppliedFilters;
  pageKind: PageKind;
  /** The site's highest zone: selecting it is selecting the whole site. */
  topZoneId?: number | null;
  dashboardId?: number;
  /** The widget builder preview: no usage events, no polling. */
  preview?: boolean;
}
