import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../users/users.tables.ts';
import type { DashboardModel } from './dashboardModel.ts';
import { dashboardPages, dashboards, dashboardVersions, dashboardWidgets } from './dashboards.tables.ts';
import { modelOf } from './modelOfRows.ts';
import type { VersionSummary } from './versionSummary.ts';

/** One transaction of drizzle on either engine. */
type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];
/** The database, or a transaction on it (PGlite has one connection: inside a transaction, read through it). */
type Queryable = Database['db'] | Tx;

export interface VersionRow {
  number: number;
  authorUserId: number | null;
  authorName: string | null;
  createdAt: Date;
  summary: VersionSummary;
  restoredFrom: number | null;
}

/** Versions of a dashboard, newest first, with their authors' names. */
export async function versionsOf(db: Queryable, dashboardId: number): Promise<VersionRow[]> {
  const rows = await db
    .select({
      number: dashboardVersions.number,
      authorUserId: dashboardVersions.authorUserId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      createdAt: dashboardVersions.createdAt,
      summary: dashboardVersions.summary,
      restoredFrom: dashboardVersions.restoredFrom,
    })
    .from(dashboardVersions)
    .leftJoin(users, eq(users.id, dashboardVersions.authorUserId))
    .where(eq(dashboardVersions.dashboardId, dashboardId))
    .orderBy(desc(dashboardVersions.number));
  return rows.map(({ firstName, lastName, email, ...r }) => ({ ...r, authorName: `${firstName ?? ''} ${lastName ?? ''}`.trim() || email || null }));
}

export async function versionModel(db: Queryable, dashboardId: number, number: number): Promise<DashboardModel | null> {
  const [row] = await db
    .select({ model: dashboardVersions.model })
    .from(dashboardVersions)
    .where(and(eq(dashboardVersions.dashboardId, dashboardId), eq(dashboardVersions.number, number)));
  return row?.model ?? null;
}

/** Locks the dashboard's row for the rest of the transaction and answers its latest version number (0 when none). */
export async function lockLatest(tx: Tx, dashboardId: number): Promise<number> {
  await tx.select({ id: dashboards.id }).from(dashboards).where(eq(dashboards.id, dashboardId)).for('update');
  const [latest] = await tx
    .select({ number: dashboardVersions.number })
    .from(dashboardVersions)
    .where(eq(dashboardVersions.dashboardId, dashboardId))
    .orderBy(desc(dashboardVersions.number))
    .limit(1);
  return latest?.number ?? 0;
}

/** The stored dashboard as a model, read inside the transaction. */
export async function storedModel(tx: Tx, dashboardId: number): Promise<DashboardModel> {
  const [dashboard] = await tx.select({ name: dashboards.name }).from(dashboards).where(eq(dashboards.id, dashboardId));
  const pages = await tx.select().from(dashboardPages).where(eq(dashboardPages.dashboardId, dashboardId));
  const pageIds = pages.map((p) => p.id);
  const widgets = pageIds.length ? await tx.select().from(dashboardWidgets).where(inArray(dashboardWidgets.pageId, pageIds)) : [];
  return modelOf(dashboard!.name, pages, widgets);
}

/**
 * Makes the stored pages and widgets those of the model: an item with the id of one of this
 * dashboard's own is updated (a widget may move to another page), any other is inserted, and what
 * the model leaves out is removed. Ids of other dashboards are never touched.
 */
export async function writeModel(tx: Tx, dashboardId: number, model: DashboardModel, now: Date): Promise<void> {
  const ownPages = new Set((await tx.select({ id: dashboardPages.id }).from(dashboardPages).where(eq(dashboardPages.dashboardId, dashboardId))).map((p) => p.id));
  const ownWidgets = new Set(
    ownPages.size
      ? (await tx.select({ id: dashboardWidgets.id }).from(dashboardWidgets).where(inArray(dashboardWidgets.pageId, [...ownPages]))).map((w) => w.id)
      : [],
  );
  const keptPages: number[] = [];
  const keptWidgets: number[] = [];
  for (const [position, page] of model.pages.entries()) {
    const values = { name: page.name, icon: page.icon, position, widgetGlobalFilters: page.widgetGlobalFilters };
    let pageId: number;
    if (page.id !== undefined && ownPages.has(page.id)) {
      pageId = page.id;
      await tx.update(dashboardPages).set(values).where(eq(dashboardPages.id, pageId));
    } else {
      const [row] = await tx.insert(dashboardPages).values({ ...values, dashboardId }).returning({ id: dashboardPages.id });
      pageId = row!.id;
    }
    keptPages.push(pageId);
    for (const [order, widget] of page.widgets.entries()) {
      const { id, headers, layout, ...rest } = widget;
      const values = { ...rest, headers: headers ?? null, layout: layout ?? null, pageId, position: order };
      if (id !== undefined && ownWidgets.has(id)) {
        await tx.update(dashboardWidgets).set(values).where(eq(dashboardWidgets.id, id));
        keptWidgets.push(id);
      } else {
        const [row] = await tx.insert(dashboardWidgets).values(values).returning({ id: dashboardWidgets.id });
        keptWidgets.push(row!.id);
      }
    }
  }
  if (ownWidgets.size) {
    await tx.delete(dashboardWidgets).where(and(inArray(dashboardWidgets.id, [...ownWidgets]), notInArray(dashboardWidgets.id, keptWidgets.length ? keptWidgets : [-1])));
  }
  await tx.delete(dashboardPages).where(and(eq(dashboardPages.dashboardId, dashboardId), notInArray(dashboardPages.id, keptPages)));
  await tx.update(dashboards).set({ name: model.name, updatedAt: now }).where(eq(dashboards.id, dashboardId));
}

export async function insertVersion(
  tx: Tx,
  values: { dashboardId: number; number: number; authorUserId: number | null; createdAt: Date; summary: VersionSummary; model: DashboardModel; restoredFrom: number | null },
): Promise<void> {
  await tx.insert(dashboardVersions).values(values);
}
