import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { exportFiles } from './exports.tables.ts';

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
