import { createHash } from 'node:crypto';
import { type SQL, and, desc, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { sessions } from './auth.tables.ts';

export const digestSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  database: Database,
  row: { secret: string; sid: string; userId: number; adminUserId: number | null; startedFromSid: string | null; expiresAt: Date; organizationId: number | null },
): Promise<void> {
  await database.db.insert(sessions).values({
    id: digestSecret(row.secret),
    sid: row.sid,
    userId: row.userId,
    adminUserId: row.adminUserId,
    startedFromSid: row.startedFromSid,
    expiresAt: row.expiresAt,
    organizationId: row.organizationId,
  });
}

/** The organization a session acts in from now on (switchOrganization). */
export async function setSessionOrganization(database: Database, sid: string, organizationId: number): Promise<void> {
  await database.db.update(sessions).set({ organizationId }).where(eq(sessions.sid, sid));
}

export function findLiveSession(database: Database, secret: string, now: Date): Promise<SessionRow | null> {
  return findLive(database, eq(sessions.id, digestSecret(secret)), now);
}

export function findLiveSessionBySid(database: Database, sid: string, now: Date): Promise<SessionRow | null> {
  return findLive(database, eq(sessions.sid, sid), now);
}

const origin = alias(sessions, 'origin');

/**
 * A session before its end; a view-as session only while the session it was started from is live
 * too, and its `expiresAt` is then the earlier end of the two (an administrator's session that
 * expires, unrenewed, takes its view-as sessions with it; deleting one deletes them by cascade).
 */
async function findLive(database: Database, which: SQL, now: Date): Promise<SessionRow | null> {
  const [row] = await database.db
    .select({ session: sessions, originEndsAt: origin.expiresAt })
    .from(sessions)
    .leftJoin(origin, eq(origin.sid, sessions.startedFromSid))
    .where(and(which, gt(sessions.expiresAt, now), or(isNull(sessions.startedFromSid), gt(origin.expiresAt, now))));
  if (!row) return null;
  const { session, originEndsAt } = row;
  return originEndsAt && originEndsAt < session.expiresAt ? { ...session, expiresAt: originEndsAt } : session;
}

export async function deleteSessionBySecret(database: Database, secret: string): Promise<void> {
  await database.db.delete(sessions).where(eq(sessions.id, digestSecret(secret)));
}

export async function deleteSessionBySid(database: Database, sid: string): Promise<void> {
  await database.db.delete(sessions).where(eq(sessions.sid, sid));
}

/**
 * Every session of the user (with every view-as session of an administrator acting as them) and every
 * view-as session the user opened as an administrator, but `keepSid`: signing out everywhere or a new
 * password must not leave a view-as acting on, not even one opened from the session kept. (A view-as
 * started from a deleted session goes with it by cascade in any case.)
 */
export async function deleteUserSessions(database: Database, userId: number, keepSid: string | null): Promise<number> {
  const theirs = or(eq(sessions.userId, userId), eq(sessions.adminUserId, userId));
  const rows = await database.db
    .delete(sessions)
    .where(keepSid ? and(theirs, ne(sessions.sid, keepSid)) : theirs)
    .returning({ sid: sessions.sid });
  return rows.length;
}

export async function extendSession(database: Database, sid: string, expiresAt: Date): Promise<void> {
  await database.db.update(sessions).set({ expiresAt }).where(eq(sessions.sid, sid));
}

export async function deleteExpiredSessions(database: Database, now: Date): Promise<void> {
  await database.db.delete(sessions).where(lte(sessions.expiresAt, now));
}

/** Browser and system of a session, for the security tab's list. */
export async function labelSession(database: Database, sid: string, label: string): Promise<void> {
  await database.db.update(sessions).set({ label }).where(eq(sessions.sid, sid));
}

export async function liveSessionsOfUser(database: Database, userId: number, now: Date): Promise<SessionRow[]> {
  return database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), isNull(sessions.adminUserId)))
    .orderBy(desc(sessions.createdAt));
}

/** Ends one of the user's own sessions; false when it is not theirs (or gone). */
export async function deleteUserSession(database: Database, userId: number, sid: string): Promise<boolean> {
  const rows = await database.db.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.sid, sid))).returning({ sid: sessions.sid });
  return rows.length > 0;
}
