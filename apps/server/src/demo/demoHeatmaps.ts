import type { BlobStore } from '../blobs/blobStore.ts';
import { type HeatmapGender, SHARED_DASHBOARD, heatmapKey } from '../modules/heatmaps/heatmapKeys.ts';
import { encodePng } from '../modules/heatmaps/pngEncoder.ts';
import { type HeatSpot, type Rect, renderHeatmap } from '../modules/heatmaps/heatmapPicture.ts';
import type { Database } from '../db/database.ts';
import type { ResolvedSite } from './demoSites.ts';
import { PLAN_HEIGHT, PLAN_WIDTH, placeZones } from './floorPlanLayout.ts';
import { loadDemoSites } from './loadDemoSites.ts';

export const DEMO_HEATMAP_DAYS = 14;
const WIDTH = 320;
const HEIGHT = 200;
const BREAKDOWNS: Record<string, HeatmapGender> = { '': 'all', 'gender:MALE': 'male', 'gender:FEMALE': 'female' };

const toPicture = (r: Rect): Rect => ({
  x: (r.x * WIDTH) / PLAN_WIDTH,
  y: (r.y * HEIGHT) / PLAN_HEIGHT,
  width: (r.width * WIDTH) / PLAN_WIDTH,
  height: (r.height * HEIGHT) / PLAN_HEIGHT,
});

/** Visitors in per room, local day and gender over the last days up to `toMs`. */
async function dailyFootfall(database: Database, site: ResolvedSite, zoneIds: number[], fromMs: number, toMs: number) {
  const { rows } = await database.sql.query<{ target_id: number; breakdown: string; day: string; total: number }>(
    `select target_id, breakdown, to_char(ts at time zone $6, 'YYYY-MM-DD') as day, sum(value)::float8 as total
       from readings
      where organization_id = $1 and target_kind = 'zone' and target_id = any($2::int[]) and metric = 'visitorsIn'
        and breakdown = any($3::text[]) and ts >= $4 and ts < $5
      group by 1, 2, 3`,
    [site.organizationId, zoneIds, Object.keys(BREAKDOWNS), new Date(fromMs).toISOString(), new Date(toMs).toISOString(), site.layout.timezone],
  );
  return rows;
}

/**
 * Daily heatmap images of each demo site's top zone for the last `days` days: the plan's rooms
 * under a density field that follows each room's footfall that day, one image per gender the
 * sensors count (every site has "all"; camera-counted shops also have male and female).
 * Stored under the zone's shared dashboard, so every dashboard showing the zone finds them.
 */
export async function createDemoHeatmaps(database: Database, blobs: BlobStore, opts: { organizationId: number; to: Date; days?: number }): Promise<number> {
  const days = opts.days ?? DEMO_HEATMAP_DAYS;
  const toMs = opts.to.getTime();
  let written = 0;
  for (const site of await loadDemoSites(database, opts.organizationId)) {
    const placed = placeZones(site);
    const parents = new Set(site.layout.zones.map((z) => z.parent));
    const rooms = placed.filter((p) => p.depth > 0 && !parents.has(p.key)).map((p) => ({ zoneId: p.zoneId, rect: p.rect }));
    // A single-room store: its open sales floor, in front of the back-wall areas, draws people too.
    if (!placed.some((p) => p.depth > 1)) {
      const { x, y, width, height } = placed[0]!.rect;
      rooms.push({ zoneId: placed[0]!.zoneId, rect: { x: x + 30, y: y + height * 0.5, width: width * 0.7, height: height * 0.45 } });
    }
    const rows = await dailyFootfall(database, site, rooms.map((r) => r.zoneId), toMs - days * 86_400_000, toMs);
    const topZoneId = placed[0]!.zoneId;
    for (const [breakdown, gender] of Object.entries(BREAKDOWNS)) {
      const mine = rows.filter((r) => r.breakdown === breakdown);
      const dates = [...new Set(mine.map((r) => r.day))].sort();
      const totals = new Map(dates.map((d) => [d, mine.filter((r) => r.day === d).reduce((s, r) => s + r.total, 0)]));
      const busiest = Math.max(1, ...totals.values());
      for (const date of dates) {
        if ((totals.get(date) ?? 0) <= 0) continue;
        const spots: HeatSpot[] = rooms.map((room) => ({
          ...toPicture(room.rect),
          weight: mine.find((r) => r.day === date && r.target_id === room.zoneId)?.total ?? 0,
        }));
        const walls = placed.map((p) => toPicture(p.rect));
        const picture = renderHeatmap({ width: WIDTH, height: HEIGHT, spots, walls, intensity: 0.35 + (0.9 * totals.get(date)!) / busiest });
        await blobs.put(heatmapKey({ zoneId: topZoneId, dashboardId: SHARED_DASHBOARD, date, gender }), encodePng(WIDTH, HEIGHT, picture));
        written++;
      }
    }
  }
  return written;
}
