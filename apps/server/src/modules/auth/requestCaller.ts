import type { FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../graphql/context.ts';
import { loadCaller } from './loadCaller.ts';
import { readSessionCookie } from './sessionCookie.ts';
import { findLiveSession } from './sessions.repo.ts';
import { findCallerRow } from '../users/users.repo.ts';

/**
 * The organizations of whoever asks: from the bearer token, or, for an <img> that cannot send
 * one, from the HttpOnly session cookie. Null when neither is valid.
 */
export async function requestOrganizations(deps: ServerDeps, req: FastifyRequest): Promise<number[] | null> {
  const { caller } = await loadCaller(deps, req.headers.authorization);
  if (caller) return caller.organizationIds;
  const secret = readSessionCookie(req);
  if (!secret) return null;
  const session = await findLiveSession(deps.database, secret, deps.now());
  return session ? ((await findCallerRow(deps.database, session.userId, session.organizationId))?.organizationIds ?? []) : null;
}
