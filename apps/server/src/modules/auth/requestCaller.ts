import type { FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../graphql/context.ts';
import type { Caller } from '../access/caller.ts';
import { callerOfSession, loadCaller } from './loadCaller.ts';
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

/**
 * Whoever asks, as a caller (rights, organizations, view-as): from the bearer token, or, for a link
 * the browser follows itself (an <a download>), from the HttpOnly session cookie. Null when neither is valid.
 */
export async function requestCaller(deps: ServerDeps, req: FastifyRequest): Promise<Caller | null> {
  const { caller } = await loadCaller(deps, req.headers.authorization);
  if (caller) return caller;
  const secret = readSessionCookie(req);
  const session = secret ? await findLiveSession(deps.database, secret, deps.now()) : null;
  return session ? callerOfSession(deps, session.sid) : null;
}
