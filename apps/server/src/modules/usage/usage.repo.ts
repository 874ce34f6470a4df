import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { usageEvents } from './usage.tables.ts';

export type UsageEventInsert = typeof usageEvents.$inferInsert;
export type UsageEventRow = typeof usageEvents.$inferSelect;

export async function insertUsageEvents(database: Database, rows: UsageEventInsert[]): Promise<number> {
  if (!rows.length) return 0;
  const inserted = await database.db.insert(usageEvents).values(rows).returning({ id: usageEvents.id });
  return inserted.length;
}

/** An organization's events, newest first (by id, the order they were received), optionally of one name. */
export function listUsageEvents(database: Database, organizationId: number, page: { limit: number; beforeId: number | null; name: string | null }): Promise<UsageEventRow[]> {
  return database.db
    .select()
    .from(usageEvents)
    .where(
      and(
        eq(usageEvents.organizationId, organizationId),
        page.beforeId === null ? undefined : lt(usageEvents.id, page.beforeId),
        page.name === null ? undefined : eq(usageEvents.name, page.name),
      ),
    )
    .orderBy(desc(usageEvents.id))
    .limit(page.limit);
}
