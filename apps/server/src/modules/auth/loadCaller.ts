import type { ServerDeps } from '../../graphql/context.ts';
import { findCallerRow } from '../users/users.repo.ts';
import type { Caller } from '../access/caller.ts';
import { liveSessionBySid } from './sessions.ts';
import { verifyAccessToken } from './tokens.ts';

/**
 * Reads the bearer token. Its session and its user are re-read on every request, so that a
 * sign-out, a revoked session, a deleted user or a lost membership counts at once, well within
 * the token's own short lifetime.
 */
export async function loadCaller(deps: ServerDeps, authorization: string | undefined): Promise<{ caller: Caller | null; tokenExpired: boolean }> {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : null;
  if (!token) return { caller: null, tokenExpired: false };
  const now = deps.now();
  const verified = await verifyAccessToken(deps.keys, token, now);
  if (!verified.ok) return { caller: null, tokenExpired: verified.expired };
  const { claims } = verified;
  const session = await liveSessionBySid(deps.database, claims.sid, now);
  if (!session || session.userId !== claims.userId || session.adminUserId !== claims.adminUserId) return { caller: null, tokenExpired: false };
  // The role, profile and organization of the membership the session acts in (issue 28.3).
  const user = await findCallerRow(deps.database, claims.userId, session.organizationId);
  if (!user) return { caller: null, tokenExpired: false };
  return {
    caller: {
      userId: user.id,
      organizationIds: user.organizationIds,
      role: user.role,
      profileId: user.profileId,
      adminUserId: claims.adminUserId,
      sessionId: claims.sid,
    },
    tokenExpired: false,
  };
}
