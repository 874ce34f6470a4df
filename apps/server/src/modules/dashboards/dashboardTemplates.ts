import type { Widget, WidgetMetric } from '@sitelens/domain';
import { DASHBOARD_FORMAT, DASHBOARD_FORMAT_VERSION, type DashboardModel, type ModelPage, type ModelWidget } from './dashboardModel.ts';
import { type SiteStructure, type StaticKind, staticPage } from './staticPages.ts';

/** The templates "New dashboard" offers (issue 32 item 3), one per kind of site. */
export const DASHBOARD_TEMPLATES = ['shoppingCentreCounting', 'shopSales', 'officeAirQuality', 'energy'] as const;
export type DashboardTemplate = (typeof DASHBOARD_TEMPLATES)[number];

/** The event metric families (events.metrics) a site needs for each template. */
export const TEMPLATE_NEEDS: Record<DashboardTemplate, readonly string[]> = {
  shoppingCentreCounting: ['counting'],
  shopSales: ['counting', 'sales'],
  officeAirQuality: ['atmosphere'],
  energy: ['energy'],
};

/** The families a site lacks for a template (empty: available). */
export const missingFamilies = (template: DashboardTemplate, siteFamilies: ReadonlySet<string>) => TEMPLATE_NEEDS[template].filter((f) => !siteFamilies.has(f));

/** Translates a catalogue key (`dashStatic.…`, `dashboardTemplates.…`) into the creator's language. */
export type Translate = (key: string) => string;

const asModelWidget = (w: Widget, t: Translate): ModelWidget => {
  const { id: _id, pageId: _pageId, order: _order, ...rest } = w;
  return { ...rest, title: t(w.title) } as ModelWidget;
};

/** A page of a site's default widgets (the static page of that kind), titled in the creator's language. */
function kindPage(kind: StaticKind, site: SiteStructure, t: Translate): ModelPage {
  const page = staticPage(kind, site);
  return { name: t(page.name), icon: 'IconLayoutDashboard', widgetGlobalFilters: [], widgets: page.widgets.map((w) => asModelWidget(w, t)) };
}

function salesPage(site: SiteStructure, t: Translate): ModelPage {
  const zones = site.childZoneIds.length ? site.childZoneIds : site.topZoneId ? [site.topZoneId] : [];
  const m = (type: string, rest: Omit<WidgetMetric, 'type'> = {}) => ({ type, ...rest });
  const w = (type: ModelWidget['type'], key: string, metrics: WidgetMetric[]): ModelWidget =>
    ({ type, title: t(`dashboardTemplates.widgets.${key}`), metrics, category: 'global', tooltipMessages: [], realTime: null, kind: 'custom', zoneIds: [], deviceIds: [], passageIds: [], alertIds: [], ignoredFilters: [], configuration: {} }) as ModelWidget;
  return {
    name: t('dashboardTemplates.pages.sales'),
    icon: 'IconLayoutDashboard',
    widgetGlobalFilters: [],
    widgets: [
      w('kpis', 'salesFigures', ['turnover', 'orders', 'basketPrice', 'conversionRate'].map((id) => m(id))),
      w('columnChart', 'turnoverPerDay', [m('turnover', { granularity: 86_400, groupBy: { type: 'date', aggregation: 'sum' } })]),
      w('barChart', 'turnoverPerZone', [m('turnover', { groupBy: { type: 'zone' }, target: { kind: 'zone', ids: zones } })]),
    ],
  };
}

const PAGES: Record<DashboardTemplate, (site: SiteStructure, t: Translate) => ModelPage[]> = {
  shoppingCentreCounting: (s, t) => [kindPage('counting', s, t)],
  shopSales: (s, t) => [kindPage('counting', s, t), salesPage(s, t)],
  officeAirQuality: (s, t) => [kindPage('atmosphere', s, t)],
  energy: (s, t) => [kindPage('energy', s, t)],
};

/** The model a template gives for one site: its pages read that site's zones, sensors and meters. */
export function templateModel(template: DashboardTemplate, name: string, site: SiteStructure, t: Translate): DashboardModel {
  return { format: DASHBOARD_FORMAT, formatVersion: DASHBOARD_FORMAT_VERSION, name, pages: PAGES[template](site, t) };
}
