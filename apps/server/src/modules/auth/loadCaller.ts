import type { ServerDeps } from '../../graphql/context.ts';
import { findCallerRow } from '../users/users.repo.ts';
import type { Caller } from '../access/caller.ts';
import { type SessionCaller, callerCacheOf } from '../access/callerCache.ts';
import { liveSessionBySid } from './sessions.ts';
import { verifyAccessToken } from './tokens.ts';

/**
 * Reads the bearer token. Its session and its membership come from the process's caller cache,
 * which the database empties of a session the moment it, its user or a membership changes
 * (callerCache.ts), so a sign-out, a revoked session, a deleted user or a lost membership counts
 * at once, well within the token's own short lifetime.
 */
export async function loadCaller(deps: ServerDeps, authorization: string | undefined): Promise<{ caller: Caller | null; tokenExpired: boolean }> {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : null;
  if (!token) return { caller: null, tokenExpired: false };
  const now = deps.now();
  const verified = await verifyAccessToken(deps.keys, token, now);
  if (!verified.ok) return { caller: null, tokenExpired: verified.expired };
  const { claims } = verified;
  const session = await sessionCaller(deps, claims.sid, now);
  if (!session || session.userId !== claims.userId || session.adminUserId !== claims.adminUserId) return { caller: null, tokenExpired: false };
  return {
    caller: {
      userId: session.userId,
      organizationIds: session.organizationIds,
      role: session.role,
      profileId: session.profileId,
      adminUserId: claims.adminUserId,
      sessionId: claims.sid,
    },
    tokenExpired: false,
  };
}

/**
 * The caller of a live session as a request with its token would be now (an open stream re-reads it:
 * its token may have expired while the session lives on); null once the session or its membership is gone.
 */
export async function callerOfSession(deps: ServerDeps, sid: string): Promise<Caller | null> {
  const session = await sessionCaller(deps, sid, deps.now());
  if (!session) return null;
  const { userId, organizationIds, role, profileId, adminUserId } = session;
  return { userId, organizationIds, role, profileId, adminUserId, sessionId: sid };
}

/** The live session `sid` and the membership it acts in (issue 28.3), from the cache or the database. */
async function sessionCaller(deps: ServerDeps, sid: string, now: Date): Promise<SessionCaller | null> {
  const cache = await callerCacheOf(deps.database, deps.config.CALLER_CACHE_SECONDS);
  const cached = cache?.get(sid);
  if (cached) return cached.expiresAt > now ? cached : null;
  const generation = cache?.currentGeneration ?? 0;
  const session = await liveSessionBySid(deps.database, sid, now);
  if (!session) return null;
  // A view-as session acts in its organization only (one that names none: the administrator's
  // first), and only while both users are active there.
  const viewAs = session.adminUserId !== null;
  const organizationId = viewAs && session.organizationId === null ? ((await findCallerRow(deps.database, session.adminUserId!))?.organizationIds[0] ?? null) : session.organizationId;
  const user = await findCallerRow(deps.database, session.userId, organizationId, viewAs);
  // No active membership left (every one made inactive): the session stands for nobody any more.
  if (!user || user.organizationIds.length === 0) return null;
  if (viewAs && !(await findCallerRow(deps.database, session.adminUserId!, organizationId, true))?.organizationIds.length) return null;
  const found: SessionCaller = {
    userId: user.id,
    adminUserId: session.adminUserId,
    startedFromSid: session.startedFromSid,
    expiresAt: session.expiresAt,
    role: user.role,
    profileId: user.profileId,
    organizationIds: user.organizationIds,
  };
  cache?.keep(sid, found, generation);
  return found;
}
