import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { alertLogs } from './alertlogs.tables.ts';

export type AlertLogRow = typeof alertLogs.$inferSelect;

/** The zones and everything under them (a site's alerts show on its top zone too). */
export async function zonesAndDescendants(database: Database, zoneIds: number[]): Promise<number[]> {
  const { rows } = await database.sql.query<{ id: number }>(
    `with recursive tree(id) as (
       select id from zones where id = any($1::int[])
       union select z.id from zones z join tree t on z.parent_id = t.id
     ) select id from tree`,
    [zoneIds],
  );
  return rows.map((r) => r.id);
}

export interface AlertLogQuery {
  organizationIds: number[];
  zoneIds: number[] | null;
  /** Episodes overlapping [begin, end). */
  begin: Date | null;
  end: Date | null;
  /** Keyset: rows strictly after this (dateBegin, id) in newest-first order. */
  after: { dateBegin: Date; id: number } | null;
  limit: number;
}

export function alertLogPage(database: Database, q: AlertLogQuery): Promise<AlertLogRow[]> {
  if (q.organizationIds.length === 0 || q.zoneIds?.length === 0) return Promise.resolve([]);
  return database.db
    .select()
    .from(alertLogs)
    .where(
      and(
        inArray(alertLogs.organizationId, q.organizationIds),
        q.zoneIds ? inArray(alertLogs.zoneId, q.zoneIds) : undefined,
        q.end ? lt(alertLogs.dateBegin, q.end) : undefined,
        q.begin ? or(isNull(alertLogs.dateEnd), gte(alertLogs.dateEnd, q.begin)) : undefined,
        q.after
          ? or(lt(alertLogs.dateBegin, q.after.dateBegin), and(eq(alertLogs.dateBegin, q.after.dateBegin), lt(alertLogs.id, q.after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(alertLogs.dateBegin), desc(alertLogs.id))
    .limit(q.limit);
}

export type NewAlertLog = typeof alertLogs.$inferInsert;

export async function insertAlertLogs(database: Database, rows: NewAlertLog[]): Promise<void> {
  if (rows.length) await database.db.insert(alertLogs).values(rows);
}

export const alertLogCount = async (database: Database, organizationId: number) =>
  (await database.db.select({ n: sql<number>`count(*)::int` }).from(alertLogs).where(eq(alertLogs.organizationId, organizationId)))[0]?.n ?? 0;
