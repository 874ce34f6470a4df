import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { zoneTags } from '../tags/tags.tables.ts';
import { devices, events, installations, passages, zones } from './installations.tables.ts';

export type ZoneRow = typeof zones.$inferSelect;
export type PassageRow = typeof passages.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;

/** Ids of the installations of these organizations (the caller's scope). */
const installationIdsOf = (database: Database, organizationIds: number[]) =>
  database.db.select({ id: installations.id }).from(installations).where(inArray(installations.organizationId, organizationIds));

export function zonesByIdsIn(database: Database, organizationIds: number[], ids: number[]): Promise<ZoneRow[]> {
  if (ids.length === 0 || organizationIds.length === 0) return Promise.resolve([]);
  return database.db
    .select()
    .from(zones)
    .where(and(inArray(zones.id, ids), inArray(zones.installationId, installationIdsOf(database, organizationIds))))
    .orderBy(asc(zones.id));
}

export async function zonesWithTagsIn(database: Database, organizationIds: number[], tagIds: number[]): Promise<ZoneRow[]> {
  if (tagIds.length === 0 || organizationIds.length === 0) return [];
  const tagged = database.db.select({ id: zoneTags.zoneId }).from(zoneTags).where(inArray(zoneTags.tagId, tagIds));
  return database.db
    .select()
    .from(zones)
    .where(and(inArray(zones.id, tagged), inArray(zones.installationId, installationIdsOf(database, organizationIds))))
    .orderBy(asc(zones.id));
}

/** Each installation's highest-level live zones (no parent, not deleted). */
export function topZonesIn(database: Database, organizationIds: number[]): Promise<ZoneRow[]> {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return database.db
    .select()
    .from(zones)
    .where(and(isNull(zones.parentId), isNull(zones.deletedAt), inArray(zones.installationId, installationIdsOf(database, organizationIds))))
    .orderBy(asc(zones.installationId), asc(zones.id));
}

/** Children, sensors and tags of the given zones, to build what the Zone type exposes. */
export async function zoneRelations(database: Database, zoneIds: number[]) {
  if (zoneIds.length === 0) return { children: [], sensors: [], tags: [] };
  const { db } = database;
  const [children, sensors, tags] = await Promise.all([
    db.select({ id: zones.id, parentId: zones.parentId }).from(zones).where(inArray(zones.parentId, zoneIds)).orderBy(asc(zones.id)),
    db
      .select({ id: devices.id, zoneId: devices.zoneId })
      .from(devices)
      .where(and(inArray(devices.zoneId, zoneIds), eq(devices.kind, 'atmosphere')))
      .orderBy(asc(devices.id)),
    db.select().from(zoneTags).where(inArray(zoneTags.zoneId, zoneIds)).orderBy(asc(zoneTags.tagId)),
  ]);
  return { children, sensors, tags };
}

export function passagesByIdsIn(database: Database, organizationIds: number[], ids: number[]): Promise<PassageRow[]> {
  if (ids.length === 0 || organizationIds.length === 0) return Promise.resolve([]);
  return database.db
    .select()
    .from(passages)
    .where(and(inArray(passages.id, ids), inArray(passages.installationId, installationIdsOf(database, organizationIds))))
    .orderBy(asc(passages.id));
}

export function devicesOfKind(database: Database, installationId: number, kind: 'atmosphere' | 'pad'): Promise<DeviceRow[]> {
  return database.db
    .select()
    .from(devices)
    .where(and(eq(devices.installationId, installationId), eq(devices.kind, kind)))
    .orderBy(asc(devices.id));
}

export function eventsIn(database: Database, organizationIds: number[]) {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return database.db
    .select()
    .from(events)
    .where(inArray(events.installationId, installationIdsOf(database, organizationIds)))
    .orderBy(asc(events.id));
}

/** Up to `limit` events after id `afterId`, oldest id first, optionally of one installation. */
export function eventPageIn(database: Database, organizationIds: number[], opts: { afterId: number; limit: number; installationId?: number | null }) {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return database.db
    .select()
    .from(events)
    .where(
      and(
        inArray(events.installationId, installationIdsOf(database, organizationIds)),
        gt(events.id, opts.afterId),
        opts.installationId == null ? undefined : eq(events.installationId, opts.installationId),
      ),
    )
    .orderBy(asc(events.id))
    .limit(opts.limit);
}
