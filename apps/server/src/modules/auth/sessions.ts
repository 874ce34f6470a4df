import { forgetCallers } from '../access/callerCache.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { SESSION_COOKIE_HOURS } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import { deleteSessionBySecret, deleteSessionBySid, deleteUserSession, deleteUserSessions, extendSession, findLiveSession, findLiveSessionBySid, insertSession } from './sessions.repo.ts';

/** A session lives this long after its start or its last renewal (the cookie's Max-Age too). */
export const SESSION_MS = SESSION_COOKIE_HOURS * 3600 * 1000;

export interface StartedSession {
  /** The cookie's value; only its digest is stored. */
  secret: string;
  /** The session's public name, carried by its access tokens as the `sid` claim. */
  sid: string;
}

/**
 * Server-side sessions: every access token names one (`sid`) and is refused once it is gone.
 * Whatever ends a person's right to act ends their sessions: sign-out (revokeSession), a password
 * change or reset and an administrator removing the user (revokeUserSessions), the end of a
 * view-as (revokeSession of the view-as session). A view-as session names the administrator's
 * session it was started from (`viewAs.fromSid`) and ends with it, whichever way that one ends.
 */
export async function startSession(
  database: Database,
  opts: { userId: number; viewAs?: { adminUserId: number; fromSid: string }; now: Date; ttlMs?: number; organizationId?: number | null },
): Promise<StartedSession> {
  const started = { secret: randomBytes(32).toString('base64url'), sid: randomUUID() };
  await insertSession(database, {
    ...started,
    userId: opts.userId,
    adminUserId: opts.viewAs?.adminUserId ?? null,
    startedFromSid: opts.viewAs?.fromSid ?? null,
    expiresAt: new Date(opts.now.getTime() + (opts.ttlMs ?? SESSION_MS)),
    organizationId: opts.organizationId ?? null,
  });
  return started;
}

export const liveSessionBySid = findLiveSessionBySid;
export const liveSessionBySecret = findLiveSession;

/** Slides a live session's end; the caller has checked it is live. */
export function renewSession(database: Database, sid: string, now: Date): Promise<void> {
  return extendSession(database, sid, new Date(now.getTime() + SESSION_MS));
}

/** Ends one session, named by its sid (from a token) or its cookie secret. */
export async function revokeSession(database: Database, by: { sid: string } | { secret: string }): Promise<void> {
  if ('sid' in by) await deleteSessionBySid(database, by.sid);
  else await deleteSessionBySecret(database, by.secret);
  await forgetCallers(database, 'sid' in by ? `s:${by.sid}` : 'all');
}

/** Ends one of the user's own sessions (the security tab); false when it is not theirs (or gone). */
export async function revokeOwnSession(database: Database, userId: number, sid: string): Promise<boolean> {
  const ended = await deleteUserSession(database, userId, sid);
  if (ended) await forgetCallers(database, `s:${sid}`);
  return ended;
}

/**
 * Ends every session of a user, and every view-as session they opened as an administrator, but the
 * one named (a password change keeps the changer signed in).
 */
export async function revokeUserSessions(database: Database, userId: number, opts: { exceptSid?: string | null } = {}): Promise<number> {
  const ended = await deleteUserSessions(database, userId, opts.exceptSid ?? null);
  await forgetCallers(database, `u:${userId}`);
  return ended;
}
