import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from '../../../graphql/context.ts';
import type { Database } from '../../../db/database.ts';
import { EngineQueue } from './engineQueue.ts';

/**
 * Analytics requests take turns across callers (engineQueue.ts). PGlite answers one statement at a
 * time on this process's thread: one turn at once, of up to one batch of widgets (20, run as one
 * statement per text) for a caller alone, 5 while other callers use the engine (within the last
 * second), so another user's requests wait behind one short turn of a heavy user, not behind all
 * of its calls. PostgreSQL runs statements side by side on its pool of 10: 5 turns at once
 * over all callers, of one request each (the pool's other half serves sign-ins, lookups, writes).
 */
export const ENGINE_TURNS = { pglite: { slots: 1, batch: 20, sharedBatch: 5, rest: 2 }, postgres: { slots: 5, batch: 1, sharedBatch: 1, rest: 0 } } as const;

const queues = new WeakMap<Database, EngineQueue>();
// Inside a request's turn: the requests it asks itself (an evolution's two periods) run in it.
const inTurn = new AsyncLocalStorage<true>();

/** The database's queue of engine turns (the tests watch it). */
export function engineQueue(database: Database): EngineQueue {
  let queue = queues.get(database);
  if (!queue) {
    const { slots, batch, sharedBatch, rest } = ENGINE_TURNS[database.engine];
    queue = new EngineQueue(slots, batch, sharedBatch, 1000, Date.now, rest);
    queues.set(database, queue);
  }
  return queue;
}

export function callerOf(ctx: Context): string {
  if (!ctx.caller) return 'anonymous';
  return ctx.caller.userId ? `user:${ctx.caller.userId}` : `service:${ctx.caller.organizationIds.join(',')}`;
}

/** Runs one request in the caller's turn (at once when called from a request already in one). */
export async function inEngineTurn<T>(ctx: Context, run: () => Promise<T>): Promise<T> {
  if (inTurn.getStore()) return run();
  const release = await engineQueue(ctx.database).acquire(callerOf(ctx));
  try {
    return await inTurn.run(true, run);
  } finally {
    release();
  }
}
