import { type ColorimetryBand, MAP_VIEW_CONFIG_VERSION, type MapElement, type MapFilterOption, type MapViewConfig } from '@sitelens/domain';
import type { SqlTransaction } from '../db/database.ts';
import type { Db } from '../db/database.ts';
import { mapViewConfigs } from '../composition/tables.ts';
import type { ResolvedSite } from './demoSites.ts';
import { PLAN_HEIGHT, PLAN_WIDTH, outlinePath, placePassages, placeZones } from './floorPlanLayout.ts';
import { insertRows } from './insertReturningId.ts';

/**
 * The demo's texts are catalogue keys (`spatial.plan.…`), as default pages' titles are: the web app
 * shows them in the reader's language; texts an administrator types are shown as typed.
 */
const band = (key: string) => `spatial.plan.band.${key}`;
const view = (key: string) => `spatial.plan.view.${key}`;

/** Four blues for counts; with relative colorimetry the renderer spreads their limits over the values. */
const COUNT_BANDS: ColorimetryBand[] = [
  { limits: [0, 25], color: '#DBEAFE', text: band('quiet') },
  { limits: [25, 50], color: '#93C5FD', text: band('steady') },
  { limits: [50, 75], color: '#3B82F6', text: band('busy') },
  { limits: [75, 100], color: '#1D4ED8', text: band('peak') },
];

export const CO2_BANDS: ColorimetryBand[] = [
  { limits: [0, 800], color: '#22C55E', text: band('good'), suffix: 'ppm' },
  { limits: [800, 1000], color: '#EAB308', text: band('moderate'), suffix: 'ppm' },
  { limits: [1000, 1500], color: '#F97316', text: band('poor'), suffix: 'ppm' },
  { limits: [1500, 10000], color: '#DC2626', text: band('bad'), suffix: 'ppm' },
];

const TEMPERATURE_BANDS: ColorimetryBand[] = [
  { limits: [-50, 19], color: '#60A5FA', text: band('cool'), suffix: '°C' },
  { limits: [19, 24], color: '#4ADE80', text: band('comfortable'), suffix: '°C' },
  { limits: [24, 80], color: '#FB923C', text: band('warm'), suffix: '°C' },
];

const OCCUPANCY_BANDS: ColorimetryBand[] = [
  { limits: [0, 1], color: '#E5E7EB', text: band('free') },
  { limits: [1, 6], color: '#A7F3D0', text: band('inUse') },
  { limits: [6, 12], color: '#34D399', text: band('busy') },
  { limits: [12, 1000], color: '#059669', text: band('full') },
];

const tooltip = { mode: 'hover' as const, useTitle: true, useLabel: true, useUnit: true, useIcon: true, useValue: true };
const legendsOf = (bands: ColorimetryBand[]) => bands.map((b) => ({ color: b.color, caption: b.text ?? '' }));

/** A plausible floor plan of a demo site's top zone, with 2 to 3 views. */
export function demoFloorPlan(site: ResolvedSite): MapViewConfig {
  const placed = placeZones(site);
  const byKey = new Map(site.layout.zones.map((z) => [z.key, z]));
  const elements: MapElement[] = placed.map((p) => {
    const { rect } = p;
    const shape = p.depth === 0 ? { path: outlinePath(rect) } : { ...rect };
    return {
      zoneId: p.zoneId,
      name: byKey.get(p.key)!.name,
      ...shape,
      backgroundColor: ['#F8FAFC', '#EEF2FF', '#FFFFFF'][p.depth],
      textColor: '#1E293B',
      strokeColor: '#475569',
      strokeWidth: p.depth === 0 ? 3 : 1.5,
      opacity: 1,
      tooltipPosition: 'center' as const,
      tooltip: { title: byKey.get(p.key)!.name, position: 'center' as const, fontSize: 12 },
    };
  });
  const doors = placePassages(site, placed);
  const inner = placed.filter((p) => p.depth > 0);
  const counted = inner.filter((p) => byKey.get(p.key)!.counting).map((p) => p.zoneId);
  // The visitor views list every zone of the plan: one without the measure (a queue) shows "-", not nothing.
  const allZones = inner.map((p) => p.zoneId);
  const sensorZones = new Set(site.layout.devices.filter((d) => d.kind === 'atmosphere').map((d) => site.zoneIds.get(d.zone)!));
  const views: MapFilterOption[] = [];
  if (sensorZones.size > 0) {
    const zoneIds = inner.map((p) => p.zoneId).filter((id) => sensorZones.has(id));
    views.push({ title: view('co2'), zoneIds, metrics: [{ type: 'co2', colorimetry: CO2_BANDS }], tooltipConfig: tooltip });
    views.push({ title: view('temperature'), zoneIds, metrics: [{ type: 'temperature', colorimetry: TEMPERATURE_BANDS }], tooltipConfig: tooltip });
    views.push({ title: view('occupancy'), zoneIds: counted, metrics: [{ type: 'inside', colorimetry: OCCUPANCY_BANDS }], tooltipConfig: tooltip });
  } else {
    views.push({ title: view('visitorsByZone'), zoneIds: allZones, metrics: [{ type: 'visitorsIn', colorimetry: COUNT_BANDS }], tooltipConfig: tooltip });
    views.push({ title: view('occupancy'), zoneIds: allZones, metrics: [{ type: 'inside', colorimetry: COUNT_BANDS }], tooltipConfig: tooltip });
    views.push({
      title: view('entrances'),
      passageIds: doors.map((d) => d.passageId!),
      metrics: [{ type: 'visitorsIn', colorimetry: COUNT_BANDS }],
      hideTooltipCaptions: false,
      tooltipConfig: { ...tooltip, mode: 'always' },
    });
  }
  // Air quality reads against fixed health thresholds; counts only make sense relative to each other.
  const relative = sensorZones.size === 0;
  const bands = views[0]!.metrics[0]!.colorimetry!;
  return {
    version: MAP_VIEW_CONFIG_VERSION,
    maxWidth: PLAN_WIDTH,
    height: PLAN_HEIGHT,
    layers: [{ name: site.layout.name, backgroundColor: '#F1F5F9' }],
    elements: [...elements, ...doors],
    backgrounds: [],
    filterOptions: views,
    filterType: 'custom',
    showList: true,
    useColorimetryLegend: true,
    useRelativeColorimetry: relative,
    shouldGlobalColorimetryLegendAlwaysVisible: true,
    useItemTooltip: true,
    colorimetry: bands,
    legends: legendsOf(bands),
    legendConfig: { useLegends: true },
    colorimetryConfig: { useColorimetryLegend: true, useRelativeColorimetry: relative, shouldLegendAlwaysVisible: true, colorimetry: bands, position: 'bottom' },
    tooltipAlwaysVisible: false,
    tooltipConfig: tooltip,
    hideMetricsName: false,
  };
}

/** Stores each demo site's floor plan on its top zone. */
export async function createDemoFloorPlans(db: Db, tx: SqlTransaction, sites: readonly ResolvedSite[], at: Date): Promise<number> {
  for (const site of sites) {
    const top = site.layout.zones.find((z) => z.parent === undefined)!;
    await insertRows(tx, db.insert(mapViewConfigs).values({ zoneId: site.zoneIds.get(top.key)!, config: demoFloorPlan(site), updatedAt: at }));
  }
  return sites.length;
}
