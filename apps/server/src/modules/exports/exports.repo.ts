import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { exportFiles, exportRequests } from './exports.tables.ts';

export async function insertExportFile(database: Database, values: typeof exportFiles.$inferInsert): Promise<void> {
  await database.db.insert(exportFiles).values(values);
}

/** The stored file of a download link, while it has not expired; expired files are cleared meanwhile. */
export async function exportFileByToken(database: Database, tokenHash: string, now: Date) {
  await database.db.delete(exportFiles).where(lt(exportFiles.expiresAt, now));
  const [row] = await database.db
    .select({ fileName: exportFiles.fileName, contentType: exportFiles.contentType, content: exportFiles.content })
    .from(exportFiles)
    .where(and(eq(exportFiles.tokenHash, tokenHash), gt(exportFiles.expiresAt, now)));
  return row ?? null;
}

export type ExportRequestRow = typeof exportRequests.$inferSelect;

export async function insertExportRequest(database: Database, values: typeof exportRequests.$inferInsert): Promise<number> {
  const [row] = await database.db.insert(exportRequests).values(values).returning({ id: exportRequests.id });
  return row!.id;
}

export async function setExportProgress(database: Database, id: number, values: { status?: string; rowsDone?: number; rowsTotal?: number }, at: Date): Promise<void> {
  await database.db.update(exportRequests).set({ ...values, updatedAt: at }).where(eq(exportRequests.id, id));
}

/** The user's latest exports, newest first. */
export function recentExportRequests(database: Database, userId: number, limit: number): Promise<ExportRequestRow[]> {
  return database.db.select().from(exportRequests).where(eq(exportRequests.userId, userId)).orderBy(desc(exportRequests.createdAt), desc(exportRequests.id)).limit(limit);
}
