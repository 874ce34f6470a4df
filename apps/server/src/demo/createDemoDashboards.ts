import type { GlobalWidgetFilter, Widget, WidgetMetric } from '@sitelens/domain';
import { and, eq } from 'drizzle-orm';
import type { SqlTransaction } from '../db/database.ts';
import type { Db } from '../db/database.ts';
import { dashboardPages, dashboards, dashboardWidgets, tagCategories } from '../composition/tables.ts';
import type { ResolvedSite } from './demoSites.ts';
import { insertReturningId, insertRows } from './insertReturningId.ts';

type DemoWidget = Pick<Widget, 'type' | 'title' | 'metrics'> & Partial<Pick<Widget, 'zoneIds' | 'configuration' | 'category' | 'realTime'>>;

const HOUR = 3600;
const DAY = 86_400;
const SHOPS = ['clemence', 'pernet', 'pharmacie', 'optique', 'nordlys', 'voltaire', 'canuts', 'beaute', 'sportissimo', 'terreaux'];
const FLOORS = ['ground', 'level1', 'level2'];

/** One widget of every type of WIDGET_TYPES, on the shopping centre's counting data. */
function showcaseWidgets(centre: ResolvedSite): DemoWidget[] {
  const zone = (key: string) => centre.zoneIds.get(key)!;
  const top = zone('centre');
  const shops = SHOPS.map(zone);
  const floors = FLOORS.map(zone);
  const m = (type: string, rest: Omit<WidgetMetric, 'type'> = {}): WidgetMetric => ({ type, ...rest });
  const perShop = (type: string, aggregation?: string) => m(type, { groupBy: { type: 'zone', ...(aggregation ? { aggregation } : {}) }, target: { kind: 'zone', ids: shops } });
  const hourly = (type: string, aggregation = 'sum') => m(type, { granularity: HOUR, groupBy: { type: 'date', aggregation } });
  return [
    { type: 'kpis', title: 'Key figures', metrics: [m('visitorsIn'), m('visitorsOut'), m('inside'), m('dwell', { target: { kind: 'zone', ids: shops } })] },
    { type: 'lineChart', title: 'Visitors per hour', metrics: [hourly('visitorsIn'), hourly('visitorsOut')] },
    { type: 'areaChart', title: 'People inside', metrics: [hourly('inside', 'last')], configuration: { stacked: false } },
    { type: 'barChart', title: 'Visitors per shop', metrics: [perShop('visitorsIn')] },
    { type: 'columnChart', title: 'Visitors per floor', metrics: [m('visitorsIn', { groupBy: { type: 'zone' }, target: { kind: 'zone', ids: floors } })] },
    { type: 'gridChart', title: 'Visitors in four shops, by weekday and hour', metrics: [m('visitorsIn', { granularity: HOUR, groupBy: { type: 'date', aggregation: 'sum' }, target: { kind: 'zone', ids: shops.slice(0, 4) } })] },
    { type: 'pieChart', title: 'Visitors by gender', metrics: [m('visitorsIn', { groupBy: { type: 'gender' } })], configuration: { showLegend: true } },
    {
      type: 'circleChart',
      title: 'Engagement in the shops',
      metrics: [m('visitorsIn', { groupBy: { type: 'engagement' }, target: { kind: 'zone', ids: shops } })],
      configuration: { halfCircle: true, showLegend: true },
    },
    { type: 'progressBarChart', title: 'Visitors per floor, share', metrics: [m('visitorsIn', { groupBy: { type: 'zone' }, target: { kind: 'zone', ids: floors } })] },
    { type: 'webChart', title: 'Shops compared', metrics: [perShop('visitorsIn'), perShop('visitorsOut'), perShop('dwell', 'average')], configuration: { isParallelCoordinates: true } },
    { type: 'table', title: 'Shops', metrics: [perShop('visitorsIn'), perShop('visitorsOut'), perShop('dwell', 'average')] },
    { type: 'alertLogsTable', title: 'Alerts', metrics: [], zoneIds: [top] },
    { type: 'mapView', title: 'Floor plan', metrics: [m('visitorsIn'), m('inside')], zoneIds: [top] },
    { type: 'heatmap', title: 'Heatmap', metrics: [], zoneIds: [top] },
    { type: 'weather', title: 'Weather', metrics: [], configuration: { installationId: centre.installationId } },
    { type: 'zones', title: 'Floors', metrics: [m('visitorsIn'), m('inside')], zoneIds: floors, category: 'specific' },
  ];
}

/** The ground floor's week: a page whose presets (zone, last 7 days, no Sundays, brand filter) are its default filters. */
function groundFloorWeek(centre: ResolvedSite, brandCategoryId: number | null): DemoPage {
  const filters: GlobalWidgetFilter[] = [
    { id: 1, type: 'zone', order: 0, zoneIds: [centre.zoneIds.get('ground')!] },
    { id: 2, type: 'timespan', order: 1, datePreset: 'last7Days' },
    // Weekdays as the admin tool stores them: 0 is Sunday.
    { id: 3, type: 'day', order: 2, dayFilters: { operator: 'IS_NOT', values: [0] } },
    ...(brandCategoryId != null ? [{ id: 4, type: 'category' as const, order: 3, categoryId: brandCategoryId }] : []),
  ];
  const visitors = (granularity: number): WidgetMetric[] =>
    ['visitorsIn', 'visitorsOut'].map((type) => ({ type, granularity, groupBy: { type: 'date', aggregation: 'sum' } }));
  return {
    name: 'Ground floor, last 7 days',
    icon: 'IconCalendarWeek',
    filters,
    widgets: [
      { type: 'kpis', title: 'Ground floor figures', metrics: [{ type: 'visitorsIn' }, { type: 'visitorsOut' }, { type: 'dwell' }] },
      { type: 'lineChart', title: 'Visitors per hour', metrics: visitors(HOUR) },
      { type: 'columnChart', title: 'Visitors per day', metrics: visitors(DAY) },
    ],
  };
}

/** The centre's shops with tills: their imported sales (demoSales.ts) beside their visitors. */
function shopSales(centre: ResolvedSite): DemoPage {
  const tills = centre.layout.zones.filter((z) => z.sales).map((z) => centre.zoneIds.get(z.key)!);
  const onTills = { target: { kind: 'zone' as const, ids: tills } };
  const perShop = (type: string): WidgetMetric => ({ type, groupBy: { type: 'zone' }, ...onTills });
  return {
    name: 'Shop sales',
    icon: 'IconReceipt',
    filters: [
      { id: 1, type: 'zone', order: 0, zoneIds: [centre.zoneIds.get('centre')!] },
      { id: 2, type: 'timespan', order: 1, datePreset: 'last30Days' },
    ],
    widgets: [
      { type: 'kpis', title: 'Sales of the shops with tills', metrics: ['turnover', 'orders', 'basketPrice', 'conversionRate'].map((type) => ({ type, ...onTills })) },
      { type: 'columnChart', title: 'Turnover per day', metrics: [{ type: 'turnover', granularity: DAY, groupBy: { type: 'date', aggregation: 'sum' }, ...onTills }] },
      { type: 'table', title: 'Sales per shop', metrics: ['turnover', 'orders', 'basketPrice', 'conversionRate', 'salesIndex'].map(perShop) },
    ],
  };
}

/** A ready-made pack offered to the organization: comfort and energy of the office building. */
function marketplaceWidgets(office: ResolvedSite): DemoWidget[] {
  // Air and meter readings are stored per device: the widgets read the office's sensors and main meter.
  const meter = office.deviceIds.get('meter-main');
  const onMeter = meter ? { target: { kind: 'device' as const, ids: [meter] } } : {};
  const sensorIds = office.layout.devices.filter((d) => d.kind === 'atmosphere').map((d) => office.deviceIds.get(d.key)!);
  const onSensors = { target: { kind: 'device' as const, ids: sensorIds } };
  return [
    { type: 'kpis', title: 'Comfort and energy', metrics: [{ type: 'comfortScore', ...onSensors }, { type: 'co2', ...onSensors }, { type: 'electricityConsumption', ...onMeter }] },
    {
      type: 'lineChart',
      title: 'CO2 and temperature',
      metrics: ['co2', 'temperature'].map((type) => ({ type, granularity: HOUR, groupBy: { type: 'date', aggregation: 'average' }, ...onSensors })),
      configuration: { avoidMergingYAxis: true },
    },
    { type: 'columnChart', title: 'Electricity per day', metrics: [{ type: 'electricityConsumption', granularity: DAY, groupBy: { type: 'date', aggregation: 'sum' }, ...onMeter }] },
  ];
}

interface DemoPage {
  name: string;
  icon: string;
  filters: GlobalWidgetFilter[];
  widgets: DemoWidget[];
}

async function insertDashboard(
  db: Db,
  tx: SqlTransaction,
  values: { organizationId: number; kind: 'organization' | 'marketplace'; name: string; pages: DemoPage[] },
): Promise<number> {
  const dashboardId = await insertReturningId(
    tx,
    db.insert(dashboards).values({ organizationId: values.organizationId, kind: values.kind, name: values.name }).returning({ id: dashboards.id }),
  );
  for (const [pagePosition, page] of values.pages.entries()) {
    const pageId = await insertReturningId(
      tx,
      db
        .insert(dashboardPages)
        .values({ dashboardId, name: page.name, icon: page.icon, position: pagePosition, widgetGlobalFilters: page.filters })
        .returning({ id: dashboardPages.id }),
    );
    for (const [position, w] of page.widgets.entries()) {
      await insertRows(tx, db.insert(dashboardWidgets).values({ pageId, position, ...w }));
    }
  }
  return dashboardId;
}

async function categoryId(db: Db, tx: SqlTransaction, organizationId: number, name: string): Promise<number | null> {
  const { sql, params } = db
    .select({ id: tagCategories.id })
    .from(tagCategories)
    .where(and(eq(tagCategories.organizationId, organizationId), eq(tagCategories.name, name)))
    .toSQL();
  const { rows } = await tx.query<{ id: number }>(sql, params);
  return rows[0]?.id ?? null;
}

/** The organization's "Showcase" dashboard (every widget type, a page with presets) and a marketplace dashboard. */
export async function createDemoDashboards(db: Db, tx: SqlTransaction, organizationId: number, sites: ResolvedSite[]): Promise<{ showcase: number; marketplace: number }> {
  const centre = sites.find((s) => s.layout.key === 'shoppingCentre')!;
  const office = sites.find((s) => s.layout.key === 'office')!;
  const showcase = await insertDashboard(db, tx, {
    organizationId,
    kind: 'organization',
    name: 'Showcase',
    pages: [
      {
        name: 'Every widget',
        icon: 'IconLayoutDashboard',
        filters: [{ id: 1, type: 'zone', order: 0, zoneIds: [centre.zoneIds.get('centre')!] }],
        widgets: showcaseWidgets(centre),
      },
      groundFloorWeek(centre, await categoryId(db, tx, organizationId, 'Brand category')),
      shopSales(centre),
    ],
  });
  const marketplace = await insertDashboard(db, tx, {
    organizationId,
    kind: 'marketplace',
    name: 'Building comfort and energy',
    pages: [
      {
        name: 'Overview',
        icon: 'IconBuildingSkyscraper',
        filters: [{ id: 1, type: 'zone', order: 0, zoneIds: [office.zoneIds.get('building')!] }],
        widgets: marketplaceWidgets(office),
      },
    ],
  });
  return { showcase, marketplace };
}
