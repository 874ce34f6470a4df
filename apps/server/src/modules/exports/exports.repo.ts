import { type SQL, and, desc, eq, gt, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { messageDeliveries } from '../../messages/messages.tables.ts';
import { exportFiles, exportLinks, exportRequests } from './exports.tables.ts';

export async function insertExportFile(database: Database, values: typeof exportFiles.$inferInsert): Promise<number> {
  const [row] = await database.db.insert(exportFiles).values(values).returning({ id: exportFiles.id });
  return row!.id;
}

export async function insertExportLink(database: Database, values: typeof exportLinks.$inferInsert): Promise<number> {
  const [row] = await database.db.insert(exportLinks).values(values).returning({ id: exportLinks.id });
  return row!.id;
}

export async function deleteExportLink(database: Database, id: number): Promise<void> {
  await database.db.delete(exportLinks).where(eq(exportLinks.id, id));
}

/** Files among these that no link leads to (every recipient had been sent the export before). */
export async function deleteUnlinkedFiles(database: Database, fileIds: number[]): Promise<void> {
  if (fileIds.length === 0) return;
  await database.db
    .delete(exportFiles)
    .where(and(inArray(exportFiles.id, fileIds), notExists(database.db.select({ id: exportLinks.id }).from(exportLinks).where(eq(exportLinks.fileId, exportFiles.id)))));
}

/**
 * What an earlier run of this export left when its process died (kill -9) between storing a file and
 * mailing its link: the links whose e-mail never went, and their files. The rerun makes its own, so
 * an export that restarts still ends with one file and one link per recipient.
 */
export async function deleteUnsentLinks(database: Database, requestId: number, recipients: Array<{ userId: number; dedupeKey: string }>): Promise<void> {
  if (recipients.length === 0) return;
  const sent = await database.db
    .select({ key: messageDeliveries.dedupeKey })
    .from(messageDeliveries)
    .where(inArray(messageDeliveries.dedupeKey, recipients.map((r) => r.dedupeKey)));
  const unsent = recipients.filter((r) => !sent.some((s) => s.key === r.dedupeKey)).map((r) => r.userId);
  if (unsent.length === 0) return;
  const gone = await database.db
    .delete(exportLinks)
    .where(and(eq(exportLinks.requestId, requestId), inArray(exportLinks.userId, unsent)))
    .returning({ fileId: exportLinks.fileId });
  await deleteUnlinkedFiles(database, [...new Set(gone.map((g) => g.fileId))]);
}

/** A link with its file's description and the export it belongs to (never the file's content). */
export async function linkByToken(database: Database, tokenHash: string) {
  const [row] = await linkRows(database, eq(exportLinks.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * One user's own links to an export's file (a recipient has one; a later one only if it was sent
 * again), newest first: the recent-exports list downloads through it, with the same checks as its token.
 */
export function linksOfRecipient(database: Database, requestId: number, userId: number) {
  return linkRows(database, and(eq(exportLinks.requestId, requestId), eq(exportLinks.userId, userId))!).orderBy(desc(exportLinks.id));
}

function linkRows(database: Database, where: SQL) {
  return database.db
    .select({
      id: exportLinks.id,
      fileId: exportLinks.fileId,
      userId: exportLinks.userId,
      organizationId: exportLinks.organizationId,
      expiresAt: exportLinks.expiresAt,
      revokedAt: exportLinks.revokedAt,
      fileName: exportFiles.fileName,
      contentType: exportFiles.contentType,
      bytes: sql<number>`octet_length(${exportFiles.content})`.mapWith(Number),
      request: {
        siteName: exportRequests.siteName,
        periodFrom: exportRequests.periodFrom,
        periodTo: exportRequests.periodTo,
        timeZone: exportRequests.timeZone,
        changeOfDayTime: exportRequests.changeOfDayTime,
        format: exportRequests.format,
        dataType: exportRequests.dataType,
      },
    })
    .from(exportLinks)
    .innerJoin(exportFiles, eq(exportFiles.id, exportLinks.fileId))
    .leftJoin(exportRequests, eq(exportRequests.id, exportLinks.requestId))
    .where(where)
    .$dynamic();
}

export type ExportLinkRow = NonNullable<Awaited<ReturnType<typeof linkByToken>>>;

export async function exportFileContent(database: Database, fileId: number): Promise<Buffer | null> {
  const [row] = await database.db.select({ content: exportFiles.content }).from(exportFiles).where(eq(exportFiles.id, fileId));
  return row?.content ?? null;
}

/** Files (and so their links) past their date. */
export async function purgeExpiredExportFiles(database: Database, now: Date): Promise<void> {
  await database.db.delete(exportFiles).where(lt(exportFiles.expiresAt, now));
}

export async function revokeLink(database: Database, id: number, now: Date): Promise<void> {
  await database.db.update(exportLinks).set({ revokedAt: now }).where(and(eq(exportLinks.id, id), isNull(exportLinks.revokedAt)));
}

/** Revokes the live links of an export: all of them, or only one user's. How many were live. */
export async function revokeRequestLinks(database: Database, requestId: number, userId: number | null, now: Date): Promise<number> {
  const rows = await database.db
    .update(exportLinks)
    .set({ revokedAt: now })
    .where(and(eq(exportLinks.requestId, requestId), isNull(exportLinks.revokedAt), gt(exportLinks.expiresAt, now), userId === null ? undefined : eq(exportLinks.userId, userId)))
    .returning({ id: exportLinks.id });
  return rows.length;
}

export type ExportRequestRow = typeof exportRequests.$inferSelect;

export async function insertExportRequest(database: Database, values: typeof exportRequests.$inferInsert): Promise<number> {
  const [row] = await database.db.insert(exportRequests).values(values).returning({ id: exportRequests.id });
  return row!.id;
}

export async function findExportRequest(database: Database, id: number): Promise<ExportRequestRow | null> {
  const [row] = await database.db.select().from(exportRequests).where(eq(exportRequests.id, id));
  return row ?? null;
}

export async function setExportProgress(database: Database, id: number, values: { status?: string; rowsDone?: number; rowsTotal?: number }, at: Date): Promise<void> {
  await database.db.update(exportRequests).set({ ...values, updatedAt: at }).where(eq(exportRequests.id, id));
}

/**
 * The user's latest exports in these organizations (those the caller acts in), newest first: those
 * they asked for and those sent to them as a link. Another organization's stay out of the list, even
 * for a member of both acting elsewhere (or viewed as by this organization's administrator).
 */
export function recentExportRequests(database: Database, userId: number, organizationIds: readonly number[], limit: number): Promise<ExportRequestRow[]> {
  if (organizationIds.length === 0) return Promise.resolve([]);
  const received = database.db.select({ id: exportLinks.requestId }).from(exportLinks).where(eq(exportLinks.userId, userId));
  return database.db
    .select()
    .from(exportRequests)
    .where(and(inArray(exportRequests.organizationId, [...organizationIds]), or(eq(exportRequests.userId, userId), inArray(exportRequests.id, received))))
    .orderBy(desc(exportRequests.createdAt), desc(exportRequests.id))
    .limit(limit);
}

/** The links of these exports, for the recent-exports list (whose they are and whether they still open). */
export function linksOfRequests(database: Database, requestIds: number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return database.db
    .select({ requestId: exportLinks.requestId, userId: exportLinks.userId, expiresAt: exportLinks.expiresAt, revokedAt: exportLinks.revokedAt })
    .from(exportLinks)
    .where(inArray(exportLinks.requestId, requestIds));
}
