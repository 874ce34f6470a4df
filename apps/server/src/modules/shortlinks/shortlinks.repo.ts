import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { shortLinks } from './shortlinks.tables.ts';

export type ShortLinkRow = typeof shortLinks.$inferSelect;

export async function findByCode(database: Database, code: string): Promise<ShortLinkRow | null> {
  const [row] = await database.db.select().from(shortLinks).where(eq(shortLinks.code, code));
  return row ?? null;
}

export async function findByTarget(database: Database, organizationId: number, path: string, query: string): Promise<ShortLinkRow | null> {
  const [row] = await database.db
    .select()
    .from(shortLinks)
    .where(and(eq(shortLinks.organizationId, organizationId), eq(shortLinks.path, path), eq(shortLinks.query, query)))
    .limit(1);
  return row ?? null;
}

/** Inserts unless the code is taken (then null, and the caller draws another). */
export async function insertShortLink(database: Database, values: typeof shortLinks.$inferInsert): Promise<ShortLinkRow | null> {
  const [row] = await database.db.insert(shortLinks).values(values).onConflictDoNothing({ target: shortLinks.code }).returning();
  return row ?? null;
}
