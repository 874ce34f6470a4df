import type { Database } from '../../db/database.ts';
import { usageEvents } from './usage.tables.ts';

export type UsageEventInsert = typeof usageEvents.$inferInsert;

export async function insertUsageEvents(database: Database, rows: UsageEventInsert[]): Promise<number> {
  if (!rows.length) return 0;
  const inserted = await database.db.insert(usageEvents).values(rows).returning({ id: usageEvents.id });
  return inserted.length;
}
