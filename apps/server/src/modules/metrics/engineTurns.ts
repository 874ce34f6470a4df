import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from '../../graphql/context.ts';
import type { Database } from '../../db/database.ts';
import { CallerSlots } from '../../http/callerConcurrency.ts';

/**
 * Analytics requests one caller has under way at once, over all its calls: one batch of widgets
 * (20) on PGlite, which runs a batch's statements as one and answers one statement at a time on
 * this process's thread; 5 on PostgreSQL, half of its pool of 10. The caller's other requests wait
 * their turn, so a user sending many heavy calls gets the server's time of one page of widgets,
 * and another user's requests run between two of its rounds instead of after all of them.
 */
export const REQUESTS_PER_CALLER = { pglite: 20, postgres: 5 } as const;

const slotsOf = new WeakMap<Database, CallerSlots>();
// Inside a request's turn: the requests it asks itself (an evolution's two periods) run in it.
const inTurn = new AsyncLocalStorage<true>();

function callerOf(ctx: Context): string {
  if (!ctx.caller) return 'anonymous';
  return ctx.caller.userId ? `user:${ctx.caller.userId}` : `service:${ctx.caller.organizationIds.join(',')}`;
}

/** Runs one request in the caller's turn (at once when called from a request already in one). */
export async function inEngineTurn<T>(ctx: Context, run: () => Promise<T>): Promise<T> {
  if (inTurn.getStore()) return run();
  let slots = slotsOf.get(ctx.database);
  if (!slots) {
    slots = new CallerSlots(REQUESTS_PER_CALLER[ctx.database.engine], Number.MAX_SAFE_INTEGER);
    slotsOf.set(ctx.database, slots);
  }
  const release = (await slots.acquire(callerOf(ctx)))!;
  try {
    return await inTurn.run(true, run);
  } finally {
    release();
  }
}
