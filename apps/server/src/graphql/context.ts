import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { JobQueue } from '../jobs/jobQueue.types.ts';
import type { LivePubSub } from '../live/livePubSub.ts';
import type { Messages } from '../messages/messages.types.ts';

// The context sits at the bottom of the server's layers: it names what a request and a job carry as
// interfaces, and imports none of the implementations above it (docs/architecture.md).

/** The access tokens' signing key (modules/auth/tokens.ts signs and verifies with it). */
export interface TokenKeys {
  secret: Uint8Array;
  accessTokenSeconds: number;
}

/** Who is calling, as read from a verified access token and the database. */
export interface Caller {
  userId: number;
  organizationIds: number[];
  role: string;
  profileId: number | null;
  /** Set when an administrator views the product as this user. */
  adminUserId: number | null;
  /** The live server-side session the token belongs to; null for work no person asked for. */
  sessionId: string | null;
}

export interface ServerDeps {
  database: Database;
  config: Config;
  keys: TokenKeys;
  /** Live events (readings as they are written), in memory or over Redis. */
  live: LivePubSub;
  now: () => Date;
  /** The durable job queue and schedules: features enqueue, they never run work inline. */
  jobs: JobQueue;
  /** Outgoing e-mail, SMS, push and webhooks, through the queue. */
  messages: Messages;
  /** A job's: its engine requests yield to people's calls (jobs/backgroundWork.ts). */
  background?: true;
}

export interface Context extends ServerDeps {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in user, or null; an expired bearer is reported as TOKEN_EXPIRED when a field needs it. */
  caller: Caller | null;
  tokenExpired: boolean;
}

/**
 * An HTTP request's context: the server's dependencies and the request's own, written out. Not
 * `{ ...deps, … }`: V8's object spread made every request's context outlive the young generation's
 * collections (docs/decisions.md, "Contexts copied without object spread"); the lint refuses it.
 */
export function requestContext(deps: ServerDeps, own: Pick<Context, 'request' | 'reply' | 'caller' | 'tokenExpired'>): Context {
  const { database, config, keys, live, now, jobs, messages } = deps;
  return { database, config, keys, live, now, jobs, messages, request: own.request, reply: own.reply, caller: own.caller, tokenExpired: own.tokenExpired };
}
