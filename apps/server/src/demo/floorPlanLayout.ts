import type { MapElement } from '@sitelens/domain';
import type { ResolvedSite } from './demoSites.ts';

/** Plan units: the SVG viewBox of every demo floor plan. */
export const PLAN_WIDTH = 1000;
export const PLAN_HEIGHT = 600;
const MARGIN = 30;
const GAP = 16;
const DOOR = { width: 56, height: 14 };

export interface PlacedZone {
  key: string;
  zoneId: number;
  rect: { x: number; y: number; width: number; height: number };
  depth: number;
}

/**
 * Where each zone of a demo site sits on its plan: the top zone is the building outline, its
 * children (floors, or rooms of a single-room store) are columns, and their children stack inside
 * them. Deterministic from the layout alone, so the map view and the heatmaps agree.
 */
export function placeZones(site: ResolvedSite): PlacedZone[] {
  const { zones } = site.layout;
  const top = zones.find((z) => z.parent === undefined)!;
  const placed: PlacedZone[] = [];
  const place = (key: string, rect: PlacedZone['rect'], depth: number) => placed.push({ key, zoneId: site.zoneIds.get(key)!, rect, depth });
  const outer = { x: MARGIN, y: MARGIN, width: PLAN_WIDTH - 2 * MARGIN, height: PLAN_HEIGHT - 2 * MARGIN - 30 };
  place(top.key, outer, 0);
  const columns = zones.filter((z) => z.parent === top.key);
  const inner = { x: outer.x + GAP, y: outer.y + GAP, width: outer.width - 2 * GAP, height: outer.height - 2 * GAP };
  const hasFloors = columns.some((c) => zones.some((z) => z.parent === c.key));
  if (!hasFloors) {
    // A single room with a few areas: the areas line the back wall, the sales floor stays open.
    const width = Math.min(260, (inner.width - GAP * (columns.length - 1)) / Math.max(1, columns.length));
    columns.forEach((c, i) => place(c.key, { x: inner.x + inner.width - (i + 1) * width - i * GAP, y: inner.y, width, height: inner.height * 0.45 }, 1));
    return placed;
  }
  const columnWidth = (inner.width - GAP * (columns.length - 1)) / columns.length;
  columns.forEach((column, i) => {
    const rect = { x: inner.x + i * (columnWidth + GAP), y: inner.y, width: columnWidth, height: inner.height };
    place(column.key, rect, 1);
    const rooms = zones.filter((z) => z.parent === column.key);
    const header = 36;
    const roomHeight = (rect.height - header - GAP * rooms.length) / Math.max(1, rooms.length);
    rooms.forEach((room, j) =>
      place(room.key, { x: rect.x + GAP / 2, y: rect.y + header + j * (roomHeight + GAP), width: rect.width - GAP, height: roomHeight }, 2),
    );
  });
  return placed;
}

/** Doors: street entrances on the outline's front wall, shop doors on their shop's front. */
export function placePassages(site: ResolvedSite, placed: PlacedZone[]): MapElement[] {
  const top = placed[0]!;
  const front = site.layout.passages.filter((p) => p.zone === top.key);
  const doors: MapElement[] = [];
  front.forEach((p, i) => {
    const x = top.rect.x + ((i + 1) * top.rect.width) / (front.length + 1) - DOOR.width / 2;
    doors.push({ passageId: site.passageIds.get(p.key)!, name: p.name, x, y: top.rect.y + top.rect.height - DOOR.height / 2, ...DOOR });
  });
  // A shop's window counter (passers-by) is no door: it stays off the plan.
  for (const p of site.layout.passages.filter((p) => p.zone !== top.key && !p.street)) {
    const shop = placed.find((z) => z.key === p.zone);
    if (!shop) continue;
    const x = shop.rect.x + shop.rect.width / 2 - DOOR.width / 2;
    doors.push({ passageId: site.passageIds.get(p.key)!, name: p.name, x, y: shop.rect.y + shop.rect.height - DOOR.height / 2, ...DOOR });
  }
  return doors.map((d) => ({ ...d, backgroundColor: '#FDE68A', strokeColor: '#92400E', strokeWidth: 1, tooltipPosition: 'bottom' }));
}

/** The building outline as a path with a cut corner, so it reads as a plan rather than a box. */
export function outlinePath(rect: PlacedZone['rect']): string {
  const { x, y, width, height } = rect;
  const cut = 60;
  return `M${x + cut} ${y} H${x + width} V${y + height} H${x} V${y + cut} Z`;
}
