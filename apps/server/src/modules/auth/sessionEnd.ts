import { Repeater } from 'graphql-yoga';
import type { Database } from '../../db/database.ts';
import type { Context } from '../../graphql/context.ts';
import { forbidden } from '../../graphql/errors.ts';
import { requireCaller } from '../access/access.ts';
import { CALLERS_CHANNEL } from '../access/callerCache.ts';
import { liveSessionBySid } from './sessions.ts';

type Recheck = () => void;

/** A session's end is looked at again this long after it is due (its row's time, not a notification). */
const EXPIRY_MARGIN_MS = 50;
/** setTimeout's longest wait; a longer-lived session is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Per database: the open `sessionEnded` streams of this process, by the session they watch. */
const watchers = new WeakMap<Database, Promise<Map<string, Set<Recheck>>>>();

/**
 * One listener per database on the caller notifications (migration 0043): 's:<sid>' rechecks the
 * streams of that session. A view-as session deleted by the cascade of its origin (migration 0057)
 * notifies its own sid too. When notifications may have been missed (a PostgreSQL listening
 * connection lost and made again), every watched session is rechecked.
 */
function watchersOf(database: Database): Promise<Map<string, Set<Recheck>>> {
  let found = watchers.get(database);
  if (!found) {
    const bySid = new Map<string, Set<Recheck>>();
    const every = () => {
      for (const set of bySid.values()) for (const recheck of set) recheck();
    };
    found = database
      .listen(
        CALLERS_CHANNEL,
        (payload) => {
          if (payload.startsWith('s:')) for (const recheck of bySid.get(payload.slice(2)) ?? []) recheck();
        },
        (listening) => {
          if (listening) every();
        },
      )
      .then(() => bySid);
    // A failed start is tried again by the next stream.
    found.catch(() => watchers.delete(database));
    watchers.set(database, found);
  }
  return found;
}

/**
 * The bearer's session, watched: one `true` the moment it ends (signed out, revoked from the
 * security tab, every session ended, a password change; a view-as session with the session it was
 * started from too; either left to expire), then the stream ends. Nothing is sent while it lives. Read from the database,
 * not the caller cache: the cache hears the same notification, in no set order.
 */
export function sessionEnded(ctx: Context): AsyncIterable<boolean> {
  const caller = requireCaller(ctx);
  const sid = caller.sessionId;
  // A caller without a session (an API key) has no end to be told of.
  if (!sid) throw forbidden();
  return new Repeater<boolean>(async (push, stop) => {
    const bySid = await watchersOf(ctx.database);
    let checking: Promise<void> = Promise.resolve();
    let over = false;
    let atEnd: NodeJS.Timeout | undefined;
    const recheck: Recheck = () => {
      checking = checking.then(async () => {
        if (over) return;
        const live = await liveSessionBySid(ctx.database, sid, ctx.now()).catch(() => 'unknown' as const);
        if (over || live === 'unknown') return;
        if (live) {
          // An end that no row change announces (the session, or a view-as's origin, left to expire):
          // looked at again the moment it is due; a renewal moves it on.
          clearTimeout(atEnd);
          atEnd = setTimeout(recheck, Math.min(MAX_TIMER_MS, Math.max(0, live.expiresAt.getTime() - ctx.now().getTime()) + EXPIRY_MARGIN_MS));
          return;
        }
        over = true;
        await push(true);
        stop();
      });
    };
    const set = bySid.get(sid) ?? new Set<Recheck>();
    bySid.set(sid, set);
    set.add(recheck);
    // Ended between the request's caller and the listening: said at once.
    recheck();
    await stop;
    over = true;
    clearTimeout(atEnd);
    set.delete(recheck);
    if (set.size === 0 && bySid.get(sid) === set) bySid.delete(sid);
  });
}
