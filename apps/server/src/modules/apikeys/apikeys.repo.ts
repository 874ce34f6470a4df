import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { apiKeys } from './apikeys.tables.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function apiKeysOf(database: Database, organizationId: number): Promise<ApiKeyRow[]> {
  return database.db.select().from(apiKeys).where(eq(apiKeys.organizationId, organizationId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function insertApiKey(database: Database, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await database.db.insert(apiKeys).values(values).returning();
  return row!;
}

export async function findApiKey(database: Database, id: number, organizationId: number): Promise<ApiKeyRow | null> {
  const [row] = await database.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId)));
  return row ?? null;
}

/** Marks the key revoked; a key revoked earlier keeps its first revocation time. */
export async function revokeKey(database: Database, id: number, at: Date): Promise<void> {
  await database.db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
}

export async function findLiveKeyByHash(database: Database, keyHash: string): Promise<ApiKeyRow | null> {
  const [row] = await database.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row ?? null;
}

/** Records use at most once per `everyMs` per key, so a busy gateway does not write on every batch. */
export async function touchKey(database: Database, id: number, at: Date, everyMs: number): Promise<void> {
  await database.db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(at.getTime() - everyMs)))));
}
