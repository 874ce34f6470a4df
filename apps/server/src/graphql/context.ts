import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { JobQueue } from '../jobs/jobQueue.ts';
import type { LivePubSub } from '../live/livePubSub.ts';
import type { Messages } from '../messages/messages.ts';
import type { Caller } from '../modules/auth/caller.ts';
import type { TokenKeys } from '../modules/auth/tokens.ts';

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
}

export interface Context extends ServerDeps {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in user, or null; an expired bearer is reported as TOKEN_EXPIRED when a field needs it. */
  caller: Caller | null;
  tokenExpired: boolean;
}
