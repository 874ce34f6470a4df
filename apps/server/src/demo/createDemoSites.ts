import type { SqlTransaction } from '../db/database.ts';
import type { Db } from '../db/database.ts';
import { devices, events, installations, passages, tagCategories, tags, zones, zoneTags } from '../composition/tables.ts';
import { demoEvents } from './demoEvents.ts';
import { DEMO_SITES, type ResolvedSite } from './demoSites.ts';
import { insertReturningId, insertRows } from './insertReturningId.ts';
import { isoDate, localClock } from './localClock.ts';

export interface DemoStructureCounts {
  zones: number;
  passages: number;
  devices: number;
  events: number;
  tags: number;
}

/** Tag categories in the order the filter bar lists them; topology holds internal tags. */
const CATEGORY_ORDER = ['topology', 'Brand category', 'Region'];

/**
 * Installations, zones (parents first), passages with one counting pad each, sensors and meters,
 * events and tags of the demo sites. The first day with data becomes each site's creation date.
 */
export async function createDemoSites(
  db: Db,
  tx: SqlTransaction,
  organizationId: number,
  fromMs: number,
  nowMs: number,
): Promise<{ sites: ResolvedSite[]; counts: DemoStructureCounts }> {
  const counts: DemoStructureCounts = { zones: 0, passages: 0, devices: 0, events: 0, tags: 0 };
  const tagIds = await createTags(db, tx, organizationId);
  counts.tags = tagIds.size;
  const sites: ResolvedSite[] = [];
  for (const layout of DEMO_SITES) {
    const clock = localClock(layout.timezone);
    const firstDay = clock(fromMs).day;
    const installationId = await insertReturningId(
      tx,
      db
        .insert(installations)
        .values({
          organizationId,
          name: layout.name,
          timezone: layout.timezone,
          openingHours: layout.openingHours,
          changeOfDayTime: layout.changeOfDayTime,
          creationDate: isoDate(firstDay),
          country: layout.country,
          city: layout.city,
          address: layout.address,
          areaM2: layout.areaM2,
        })
        .returning({ id: installations.id }),
    );
    const zoneIds = new Map<string, number>();
    for (const z of layout.zones) {
      const parentId = z.parent === undefined ? null : zoneIds.get(z.parent);
      if (parentId === undefined) throw new Error(`Demo zone ${z.key} is listed before its parent ${z.parent}`);
      const id = await insertReturningId(
        tx,
        db.insert(zones).values({ installationId, name: z.name, parentId, areaM2: z.areaM2 ?? null }).returning({ id: zones.id }),
      );
      zoneIds.set(z.key, id);
      for (const tag of z.tags) await insertRows(tx, db.insert(zoneTags).values({ zoneId: id, tagId: tagIds.get(tag)! }));
    }
    const passageIds = new Map<string, number>();
    for (const p of layout.passages) {
      const zoneId = zoneIds.get(p.zone)!;
      const id = await insertReturningId(tx, db.insert(passages).values({ installationId, zoneId, name: p.name }).returning({ id: passages.id }));
      passageIds.set(p.key, id);
      await insertRows(tx, db.insert(devices).values({ installationId, zoneId, passageId: id, name: `Counting pad · ${p.name}`, kind: 'pad' }));
    }
    const deviceIds = new Map<string, number>();
    for (const d of layout.devices) {
      const id = await insertReturningId(
        tx,
        db
          .insert(devices)
          .values({ installationId, zoneId: zoneIds.get(d.zone)!, name: d.name, kind: d.kind, meterType: d.meterType ?? null })
          .returning({ id: devices.id }),
      );
      deviceIds.set(d.key, id);
    }
    const siteEvents = demoEvents(layout, clock(nowMs).day, firstDay);
    await insertRows(tx, db.insert(events).values(siteEvents.map((e) => ({ installationId, ...e }))));
    counts.zones += zoneIds.size;
    counts.passages += passageIds.size;
    counts.devices += passageIds.size + deviceIds.size;
    counts.events += siteEvents.length;
    sites.push({ layout, organizationId, installationId, zoneIds, passageIds, deviceIds });
  }
  return { sites, counts };
}

/** One tag per distinct 'Category:Tag' the zones use; ids keyed by that string. */
async function createTags(db: Db, tx: SqlTransaction, organizationId: number): Promise<Map<string, number>> {
  const used = [...new Set(DEMO_SITES.flatMap((s) => s.zones.flatMap((z) => z.tags)))];
  const tagIds = new Map<string, number>();
  for (const category of CATEGORY_ORDER) {
    const categoryId = await insertReturningId(
      tx,
      db.insert(tagCategories).values({ organizationId, name: category }).returning({ id: tagCategories.id }),
    );
    for (const tag of used.filter((t) => t.startsWith(`${category}:`))) {
      const name = tag.slice(category.length + 1);
      tagIds.set(tag, await insertReturningId(tx, db.insert(tags).values({ organizationId, categoryId, name }).returning({ id: tags.id })));
    }
  }
  return tagIds;
}
