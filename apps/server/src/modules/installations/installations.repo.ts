import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { devices, events, installations, passages, zones } from './installations.tables.ts';

export type InstallationRow = typeof installations.$inferSelect;
export type ZoneRow = typeof zones.$inferSelect;
export type EventRow = typeof events.$inferSelect;

export async function findInstallation(database: Database, id: number): Promise<InstallationRow | null> {
  const [row] = await database.db.select().from(installations).where(eq(installations.id, id));
  return row ?? null;
}

/**
 * Installations by id, any organization's (the caller checks rights on each). Every data request
 * checks its site here, so the rows come as one JSON value: PGlite decodes rows field by field, which
 * cost twice the query for 20 sites.
 */
export async function findInstallations(database: Database, ids: number[]): Promise<InstallationRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await database.sql.query<{ rows: InstallationJson[] }>(`select coalesce(json_agg(i), '[]') as rows from installations i where i.id = any($1::int[])`, [ids]);
  return rows[0]!.rows.map(installationFromJson);
}

/** An installations row from its row_to_json form. */
export function installationFromJson(i: InstallationJson): InstallationRow {
  return {
    id: i.id,
    organizationId: i.organization_id,
    name: i.name,
    timezone: i.timezone,
    openingHours: i.opening_hours,
    changeOfDayTime: i.change_of_day_time,
    creationDate: i.creation_date,
    country: i.country,
    city: i.city,
    address: i.address,
    areaM2: i.area_m2,
    latitude: i.latitude,
    longitude: i.longitude,
  };
}

/** An installations row as row_to_json writes it (a date as "YYYY-MM-DD", as Drizzle reads it too). */
export interface InstallationJson {
  id: number;
  organization_id: number;
  name: string;
  timezone: string;
  opening_hours: InstallationRow['openingHours'];
  change_of_day_time: string;
  creation_date: string;
  country: string | null;
  city: string | null;
  address: string | null;
  area_m2: number | null;
  latitude: number | null;
  longitude: number | null;
}

export function installationsOf(database: Database, organizationIds: number[]): Promise<InstallationRow[]> {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return database.db
    .select()
    .from(installations)
    .where(inArray(installations.organizationId, organizationIds))
    .orderBy(asc(installations.name));
}

export function zonesOf(database: Database, installationId: number): Promise<ZoneRow[]> {
  return database.db.select().from(zones).where(eq(zones.installationId, installationId)).orderBy(asc(zones.id));
}

/** The highest-level live zone: no parent, not deleted, lowest id first. */
export async function topZoneOf(database: Database, installationId: number): Promise<ZoneRow | null> {
  const [row] = await database.db
    .select()
    .from(zones)
    .where(and(eq(zones.installationId, installationId), isNull(zones.parentId), isNull(zones.deletedAt)))
    .orderBy(asc(zones.id))
    .limit(1);
  return row ?? null;
}

/** topZoneOf for several installations in one query. */
export async function topZonesOf(database: Database, installationIds: number[]): Promise<Map<number, ZoneRow>> {
  if (installationIds.length === 0) return new Map();
  const rows = await database.db
    .selectDistinctOn([zones.installationId])
    .from(zones)
    .where(and(inArray(zones.installationId, installationIds), isNull(zones.parentId), isNull(zones.deletedAt)))
    .orderBy(asc(zones.installationId), asc(zones.id));
  return new Map(rows.map((z) => [z.installationId, z]));
}

export function passagesOf(database: Database, installationId: number) {
  return database.db.select().from(passages).where(eq(passages.installationId, installationId)).orderBy(asc(passages.id));
}

export function eventsOf(database: Database, installationId: number): Promise<EventRow[]> {
  return database.db.select().from(events).where(eq(events.installationId, installationId)).orderBy(asc(events.dateBegin));
}

/** The metric families a site's events measure (counting, sales, atmosphere, energy...), each once, sorted. */
export async function siteFamilies(database: Database, installationId: number): Promise<string[]> {
  return [...new Set((await eventsOf(database, installationId)).flatMap((e) => e.metrics))].sort();
}

export function sensorsOf(database: Database, installationId: number) {
  return database.db
    .select({ id: devices.id, zoneId: devices.zoneId })
    .from(devices)
    .where(and(eq(devices.installationId, installationId), eq(devices.kind, 'atmosphere')));
}
