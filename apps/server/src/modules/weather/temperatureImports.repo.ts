import { and, asc, desc, eq, inArray, isNotNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { installations } from '../installations/installations.tables.ts';
import { type TemperatureImportError, temperatureImports } from './temperatureImports.tables.ts';

export type TemperatureImportRow = typeof temperatureImports.$inferSelect;

const OPEN = ['QUEUED', 'RUNNING', 'RETRYING'] as const;

export async function enqueueImport(database: Database, job: { installationId: number; dateFrom: string; dateTo: string; now: Date }): Promise<TemperatureImportRow> {
  const [row] = await database.db
    .insert(temperatureImports)
    .values({ installationId: job.installationId, dateFrom: job.dateFrom, dateTo: job.dateTo, runAfter: job.now, createdAt: job.now })
    .returning();
  return row!;
}

/**
 * Marks up to `limit` due imports RUNNING and returns them: queued or retrying ones whose time has
 * come, and running ones started before `staleBefore` (their process died). SKIP LOCKED lets
 * several processes claim at once without taking the same job.
 */
export async function claimDueImports(database: Database, now: Date, opts: { staleBefore: Date; limit: number; installationId?: number }): Promise<TemperatureImportRow[]> {
  const t = temperatureImports;
  const due = or(and(inArray(t.status, ['QUEUED', 'RETRYING']), lte(t.runAfter, now)), and(eq(t.status, 'RUNNING'), lt(t.startedAt, opts.staleBefore)));
  const ids = database.db
    .select({ id: t.id })
    .from(t)
    .where(opts.installationId === undefined ? due : and(due, eq(t.installationId, opts.installationId)))
    .orderBy(asc(t.runAfter), asc(t.id))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return database.db
    .update(t)
    .set({ status: 'RUNNING', startedAt: now, attempts: sql`${t.attempts} + 1` })
    .where(inArray(t.id, ids))
    .returning();
}

export async function finishImport(database: Database, id: number, hoursWritten: number, now: Date): Promise<void> {
  await database.db.update(temperatureImports).set({ status: 'DONE', hoursWritten, error: null, finishedAt: now }).where(eq(temperatureImports.id, id));
}

/** A failed attempt: retried at `retryAt`, or FAILED for good when there is none. */
export async function failImport(database: Database, id: number, error: TemperatureImportError, retryAt: Date | null, now: Date): Promise<void> {
  await database.db
    .update(temperatureImports)
    .set(retryAt ? { status: 'RETRYING', error, runAfter: retryAt } : { status: 'FAILED', error, finishedAt: now })
    .where(eq(temperatureImports.id, id));
}

export async function findImport(database: Database, id: number): Promise<TemperatureImportRow | null> {
  const [row] = await database.db.select().from(temperatureImports).where(eq(temperatureImports.id, id));
  return row ?? null;
}

/** The site's latest imports, newest first. */
export function importsOf(database: Database, installationId: number, limit: number): Promise<TemperatureImportRow[]> {
  return database.db.select().from(temperatureImports).where(eq(temperatureImports.installationId, installationId)).orderBy(desc(temperatureImports.id)).limit(limit);
}

/** Sites with coordinates and no import waiting or running. */
export async function sitesToCatchUp(database: Database): Promise<Array<typeof installations.$inferSelect>> {
  const open = database.db.select({ id: temperatureImports.installationId }).from(temperatureImports).where(inArray(temperatureImports.status, [...OPEN]));
  return database.db
    .select()
    .from(installations)
    .where(and(isNotNull(installations.latitude), isNotNull(installations.longitude), notInArray(installations.id, open)))
    .orderBy(asc(installations.id));
}
