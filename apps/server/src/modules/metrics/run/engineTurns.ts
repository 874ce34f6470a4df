import type { Context } from '../../../graphql/context.ts';
import type { Database } from '../../../db/database.ts';
import { profileOf, timed } from '../../../http/requestProfile.ts';
import { isBackgroundWork } from '../../../jobs/backgroundWork.ts';
import { EngineQueue } from './engineQueue.ts';

/**
 * Analytics requests take turns across callers (engineQueue.ts). PGlite answers one statement at a
 * time on this process's thread: one turn at once, of up to one batch of widgets (20, run as one
 * statement per text) for a caller alone, 5 while other callers use the engine (within the last
 * second), so another user's requests wait behind one short turn of a heavy user, not behind all
 * of its calls. PostgreSQL runs statements side by side on its pool of 10: 5 turns at once
 * over all callers, of one request each (the pool's other half serves sign-ins, lookups, writes).
 *
 * Background work (a job's requests: alert rounds, reports, exports) takes a turn only while no
 * person's call waits or is under way, one request (one export chunk of one column) per turn while
 * a person is about, a whole batch while nobody is (an alert round's merged statement): on PGlite a person
 * waits behind at most one such slice; on PostgreSQL it takes at most 2 of the 5 slots, so a person
 * finds one free. One that waited a second while people went first takes the next turn (issue 33 item 6).
 */
export const ENGINE_TURNS = {
  pglite: { slots: 1, batch: 20, sharedBatch: 5, rest: 2, backgroundSlots: 1, backgroundBatch: 1, backgroundMaxWaitMs: 1000 },
  postgres: { slots: 5, batch: 1, sharedBatch: 1, rest: 0, backgroundSlots: 2, backgroundBatch: 1, backgroundMaxWaitMs: 1000 },
} as const;

const queues = new WeakMap<Database, EngineQueue>();

/** The database's queue of engine turns (the tests watch it). */
export function engineQueue(database: Database): EngineQueue {
  let queue = queues.get(database);
  if (!queue) {
    const { slots, batch, sharedBatch, rest, ...background } = ENGINE_TURNS[database.engine];
    queue = new EngineQueue(slots, batch, sharedBatch, 1000, Date.now, rest, background);
    queues.set(database, queue);
  }
  return queue;
}

export function callerOf(ctx: Context): string {
  if (!ctx.caller) return 'anonymous';
  return ctx.caller.userId ? `user:${ctx.caller.userId}` : `service:${ctx.caller.organizationIds.join(',')}`;
}

const ended = () => undefined;

/**
 * Marks a person's request under way, from when it is asked to its answer (not a job's): no
 * background slice starts meanwhile. Returns the end. A request asked inside another's turn (an
 * evolution's two periods) is part of that one and does not call this (retailData.service.ts).
 */
export function personAsking(ctx: Context): () => void {
  if (isBackgroundWork(ctx)) return ended;
  return engineQueue(ctx.database).asking();
}

/**
 * Runs a job's work that is not an engine request (writing an export's rows) as one background
 * slice: only while no person's request waits or is under way. Outside a job it runs at once.
 * Never call it inside a turn (it takes one of its own: on PGlite's one slot it would wait for ever).
 */
export async function inBackgroundSlice<T>(ctx: Context, run: () => Promise<T>): Promise<T> {
  if (!isBackgroundWork(ctx)) return run();
  const release = await engineQueue(ctx.database).acquire(callerOf(ctx), true);
  try {
    return await run();
  } finally {
    release();
  }
}

/**
 * Runs one request in the caller's turn. The requests it asks itself run in that turn: they are
 * given to `run`'s own code, never to this again (on PGlite's one slot they would wait for ever).
 */
export async function inEngineTurn<T>(ctx: Context, run: () => Promise<T>): Promise<T> {
  const release = await timed(profileOf(ctx.request), 'queue', () => engineQueue(ctx.database).acquire(callerOf(ctx), isBackgroundWork(ctx)));
  try {
    return await run();
  } finally {
    release();
  }
}
