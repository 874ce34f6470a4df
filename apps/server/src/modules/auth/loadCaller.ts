import type { ServerDeps } from '../../graphql/context.ts';
import { findCallerRow } from '../users/users.repo.ts';
import type { Caller } from './caller.ts';
import { verifyAccessToken } from './tokens.ts';

/** Reads the bearer token; the user is re-read so that a deleted user or a lost membership counts at once. */
export async function loadCaller(deps: ServerDeps, authorization: string | undefined): Promise<{ caller: Caller | null; tokenExpired: boolean }> {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : null;
  if (!token) return { caller: null, tokenExpired: false };
  const verified = await verifyAccessToken(deps.keys, token, deps.now());
  if (!verified.ok) return { caller: null, tokenExpired: verified.expired };
  const user = await findCallerRow(deps.database, verified.claims.userId);
  if (!user) return { caller: null, tokenExpired: false };
  return {
    caller: {
      userId: user.id,
      organizationIds: user.organizationIds,
      role: user.role,
      profileId: user.profileId,
      adminUserId: verified.claims.adminUserId,
    },
    tokenExpired: false,
  };
}
