import { and, asc, eq, inArray, isNull, max, or } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { devices, zones } from '../installations/installations.tables.ts';
import { dashboardPages, dashboards, dashboardWidgets } from './dashboards.tables.ts';

export type DashboardRow = typeof dashboards.$inferSelect;
export type PageRow = typeof dashboardPages.$inferSelect;
export type WidgetRow = typeof dashboardWidgets.$inferSelect;

/** The caller's own dashboards and every shared or marketplace one of their organizations. */
export function dashboardsVisibleTo(database: Database, organizationIds: number[], userId: number): Promise<DashboardRow[]> {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return database.db
    .select()
    .from(dashboards)
    .where(
      and(
        inArray(dashboards.organizationId, organizationIds),
        or(eq(dashboards.ownerUserId, userId), and(isNull(dashboards.ownerUserId), inArray(dashboards.kind, ['organization', 'marketplace']))),
      ),
    )
    .orderBy(asc(dashboards.name), asc(dashboards.id));
}

export async function findDashboard(database: Database, id: number): Promise<DashboardRow | null> {
  const [row] = await database.db.select().from(dashboards).where(eq(dashboards.id, id));
  return row ?? null;
}

export async function insertDashboard(database: Database, values: typeof dashboards.$inferInsert): Promise<DashboardRow> {
  const [row] = await database.db.insert(dashboards).values(values).returning();
  return row!;
}

export async function updateDashboard(database: Database, id: number, values: Partial<typeof dashboards.$inferInsert>): Promise<void> {
  await database.db.update(dashboards).set(values).where(eq(dashboards.id, id));
}

export async function deleteDashboard(database: Database, id: number): Promise<void> {
  await database.db.delete(dashboards).where(eq(dashboards.id, id));
}

export function pagesOf(database: Database, dashboardId: number): Promise<PageRow[]> {
  return database.db.select().from(dashboardPages).where(eq(dashboardPages.dashboardId, dashboardId)).orderBy(asc(dashboardPages.position), asc(dashboardPages.id));
}

export async function findPage(database: Database, id: number): Promise<PageRow | null> {
  const [row] = await database.db.select().from(dashboardPages).where(eq(dashboardPages.id, id));
  return row ?? null;
}

export async function nextPagePosition(database: Database, dashboardId: number): Promise<number> {
  const [row] = await database.db.select({ last: max(dashboardPages.position) }).from(dashboardPages).where(eq(dashboardPages.dashboardId, dashboardId));
  return (row?.last ?? -1) + 1;
}

export async function insertPage(database: Database, values: typeof dashboardPages.$inferInsert): Promise<PageRow> {
  const [row] = await database.db.insert(dashboardPages).values(values).returning();
  return row!;
}

export async function updatePage(database: Database, id: number, values: Partial<typeof dashboardPages.$inferInsert>): Promise<void> {
  await database.db.update(dashboardPages).set(values).where(eq(dashboardPages.id, id));
}

export async function deletePage(database: Database, id: number): Promise<void> {
  await database.db.delete(dashboardPages).where(eq(dashboardPages.id, id));
}

export function widgetsOfPages(database: Database, pageIds: number[]): Promise<WidgetRow[]> {
  if (pageIds.length === 0) return Promise.resolve([]);
  return database.db.select().from(dashboardWidgets).where(inArray(dashboardWidgets.pageId, pageIds)).orderBy(asc(dashboardWidgets.position), asc(dashboardWidgets.id));
}

export async function findWidget(database: Database, id: number): Promise<WidgetRow | null> {
  const [row] = await database.db.select().from(dashboardWidgets).where(eq(dashboardWidgets.id, id));
  return row ?? null;
}

export async function nextWidgetPosition(database: Database, pageId: number): Promise<number> {
  const [row] = await database.db.select({ last: max(dashboardWidgets.position) }).from(dashboardWidgets).where(eq(dashboardWidgets.pageId, pageId));
  return (row?.last ?? -1) + 1;
}

export async function insertWidget(database: Database, values: typeof dashboardWidgets.$inferInsert): Promise<WidgetRow> {
  const [row] = await database.db.insert(dashboardWidgets).values(values).returning();
  return row!;
}

export async function updateWidget(database: Database, id: number, values: Partial<typeof dashboardWidgets.$inferInsert>): Promise<void> {
  await database.db.update(dashboardWidgets).set(values).where(eq(dashboardWidgets.id, id));
}

export async function deleteWidget(database: Database, id: number): Promise<void> {
  await database.db.delete(dashboardWidgets).where(eq(dashboardWidgets.id, id));
}

/** Devices of a site with what they measure, for the default pages. */
export function siteDevices(database: Database, installationId: number) {
  return database.db
    .select({ id: devices.id, kind: devices.kind, meterType: devices.meterType, zoneId: devices.zoneId })
    .from(devices)
    .where(eq(devices.installationId, installationId))
    .orderBy(asc(devices.id));
}

/** The installation a set of zones belongs to (the first one found), for a custom page's site. */
export async function installationOfZones(database: Database, zoneIds: number[]): Promise<number | null> {
  if (zoneIds.length === 0) return null;
  const [row] = await database.db.select({ installationId: zones.installationId }).from(zones).where(inArray(zones.id, zoneIds)).limit(1);
  return row?.installationId ?? null;
}
