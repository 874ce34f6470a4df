import type { Page, Widget, WidgetMetric } from '@sitelens/domain';

export const STATIC_KINDS = ['counting', 'atmosphere', 'energy'] as const;
export type StaticKind = (typeof STATIC_KINDS)[number];

/** What a default page is built from: the site and its structure. */
export interface SiteStructure {
  installationId: number;
  topZoneId: number | null;
  /** Live zones under the top zone. */
  childZoneIds: number[];
  atmosphereDeviceIds: number[];
  /** Meters by type (electricity, solar, water, heat, ...). */
  meterIds: Record<string, number[]>;
}

const HOUR = 3600;
const DAY = 86_400;
const QUARTER = 900;

type Draft = Partial<Widget> & Pick<Widget, 'type' | 'title' | 'metrics'>;

/**
 * Widget titles of default pages are translation keys (`dashStatic.…`): the server sends codes,
 * the web app owns the words.
 */
const title = (kind: StaticKind, key: string) => `dashStatic.${kind}.${key}`;
const metric = (type: string, rest: Omit<WidgetMetric, 'type'> = {}): WidgetMetric => ({ type, ...rest });

function counting(s: SiteStructure): Draft[] {
  const zones = s.childZoneIds.length ? s.childZoneIds : s.topZoneId ? [s.topZoneId] : [];
  const perZone = (type: string): WidgetMetric => metric(type, { groupBy: { type: 'zone' }, target: { kind: 'zone', ids: zones } });
  return [
    { type: 'kpis', title: title('counting', 'keyFigures'), metrics: ['visitorsIn', 'visitorsOut', 'dwell', 'captureRate'].map((m) => metric(m)) },
    {
      type: 'lineChart',
      title: title('counting', 'visitorsPerHour'),
      metrics: ['visitorsIn', 'visitorsOut'].map((m) => metric(m, { granularity: HOUR, groupBy: { type: 'date', aggregation: 'sum' } })),
    },
    { type: 'barChart', title: title('counting', 'visitorsPerZone'), metrics: [perZone('visitorsIn')] },
    { type: 'pieChart', title: title('counting', 'genders'), metrics: [metric('visitorsIn', { groupBy: { type: 'gender' } })], configuration: { showLegend: true } },
    {
      type: 'columnChart',
      title: title('counting', 'visitorsPerWeekday'),
      metrics: [metric('visitorsIn', { groupBy: { type: 'discontinuousDate', variant: 'weekday', aggregation: 'sum' } })],
    },
    { type: 'table', title: title('counting', 'zones'), metrics: [perZone('visitorsIn'), perZone('visitorsOut'), perZone('dwell')] },
    { type: 'heatmap', title: title('counting', 'heatmap'), metrics: [], zoneIds: s.topZoneId ? [s.topZoneId] : [] },
    { type: 'weather', title: title('counting', 'weather'), metrics: [], configuration: { installationId: s.installationId } },
  ];
}

function atmosphere(s: SiteStructure): Draft[] {
  // Air readings are stored per sensor: the widgets read the site's sensors.
  const sensors = s.atmosphereDeviceIds.length ? { target: { kind: 'device' as const, ids: s.atmosphereDeviceIds } } : {};
  const line = (type: string): Draft => ({
    type: 'lineChart',
    title: title('atmosphere', type),
    metrics: [metric(type, { granularity: QUARTER, groupBy: { type: 'date', aggregation: 'average' }, ...sensors })],
  });
  const perDevice = (type: string): WidgetMetric => metric(type, { groupBy: { type: 'device', aggregation: 'average' }, ...sensors });
  return [
    { type: 'kpis', title: title('atmosphere', 'comfort'), metrics: ['comfortScore', 'co2', 'temperature', 'humidity'].map((m) => metric(m, sensors)) },
    line('co2'),
    line('temperature'),
    line('humidity'),
    ...(s.atmosphereDeviceIds.length
      ? [{ type: 'table', title: title('atmosphere', 'devices'), metrics: ['temperature', 'humidity', 'co2'].map(perDevice) } satisfies Draft]
      : []),
    // The floor plan is the building's: the map stays on the top zone whatever zone the filter shows
    // (on air-quality pages the filter starts on the building, whose rooms carry the sensors).
    { type: 'mapView', title: title('atmosphere', 'map'), category: 'specific', metrics: [metric('co2', sensors), metric('temperature', sensors)], zoneIds: s.topZoneId ? [s.topZoneId] : [] },
  ];
}

/** Meter readings are stored per meter: each metric reads the meters of its type, when the site has some. */
const METER_OF: Record<string, string> = { electricity: 'electricity', electricityProduction: 'solar', water: 'water', heat: 'heat' };

function energy(s: SiteStructure): Draft[] {
  const on = (type: string, meter: string, rest: Omit<WidgetMetric, 'type'> = {}): WidgetMetric => {
    const ids = s.meterIds[METER_OF[meter] ?? meter] ?? [];
    return metric(type, ids.length ? { ...rest, target: { kind: 'device', ids } } : rest);
  };
  return [
    {
      type: 'kpis',
      title: title('energy', 'keyFigures'),
      metrics: [
        on('electricityConsumption', 'electricity'),
        on('electricityProduction', 'electricityProduction'),
        on('electricityConsumptionCo2Equivalent', 'electricity'),
        on('waterConsumption', 'water'),
      ],
    },
    {
      type: 'columnChart',
      title: title('energy', 'consumptionPerDay'),
      metrics: [on('electricityConsumption', 'electricity', { granularity: DAY, groupBy: { type: 'date', aggregation: 'sum' } })],
    },
    {
      type: 'pieChart',
      title: title('energy', 'origin'),
      metrics: [on('electricityConsumption', 'electricity', { groupBy: { type: 'energyOrigin' } })],
      configuration: { showLegend: true },
    },
    {
      type: 'lineChart',
      title: title('energy', 'co2Equivalent'),
      metrics: [on('electricityConsumptionCo2Equivalent', 'electricity', { granularity: HOUR, groupBy: { type: 'date', aggregation: 'sum' } })],
    },
  ];
}

const BUILDERS: Record<StaticKind, (s: SiteStructure) => Draft[]> = { counting, atmosphere, energy };

/** Static pages are not stored: their ids are negative so they never meet a stored page or widget. */
export const staticPageId = (installationId: number, kind: StaticKind) => -(installationId * 10 + STATIC_KINDS.indexOf(kind) + 1);

/** The default page of widgets of one installation kind (spec 001 §2, installation pages). */
export function staticPage(kind: StaticKind, site: SiteStructure): Page {
  const pageId = staticPageId(site.installationId, kind);
  const widgets = BUILDERS[kind](site).map(
    (d, i): Widget => ({
      id: pageId * 100 - i,
      pageId,
      category: 'global',
      order: i,
      kind: 'custom',
      realTime: null,
      tooltipMessages: [],
      zoneIds: [],
      deviceIds: [],
      passageIds: [],
      alertIds: [],
      ignoredFilters: [],
      configuration: {},
      ...d,
    }),
  );
  return { id: pageId, dashboardId: 0, name: `dashStatic.${kind}.page`, icon: 'IconLayoutDashboard', order: 0, widgets, widgetGlobalFilters: [] };
}
