import type { ExecutionResult } from 'graphql';
import { type Plugin, Repeater } from 'graphql-yoga';
import { liveSessionBySid } from '../modules/auth/sessions.ts';
import type { Context } from '../graphql/context.ts';
import { AppError } from '../graphql/errors.ts';

/** How often (server time) an open stream re-reads its session, at its next event. */
export const STREAM_SESSION_RECHECK_MS = 10_000;

/**
 * A subscription opened with a session's token lives no longer than the session: at its first
 * event past each recheck interval the session is read again, and once it is revoked the stream
 * sends UNAUTHENTICATED and ends. A stream without events sends nothing, revoked or not.
 */
export function sessionBoundStreamsPlugin(recheckMs = STREAM_SESSION_RECHECK_MS): Plugin {
  return {
    onSubscribe({ args }) {
      const ctx = args.contextValue as unknown as Context;
      const sid = ctx.caller?.sessionId;
      if (!sid) return;
      return {
        onSubscribeResult({ result, setResult }) {
          if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
            setResult(endWhenRevoked(result as AsyncIterable<ExecutionResult>, ctx, sid, recheckMs));
          }
        },
      };
    },
  };
}

function endWhenRevoked(source: AsyncIterable<ExecutionResult>, ctx: Context, sid: string, recheckMs: number): AsyncIterableIterator<ExecutionResult> {
  return new Repeater<ExecutionResult>(async (push, stop) => {
    const iterator = source[Symbol.asyncIterator]();
    const stopped = stop.then(() => undefined);
    let checkedAt = ctx.now().getTime();
    try {
      for (;;) {
        const next = await Promise.race([iterator.next(), stopped]);
        if (!next || next.done) break;
        const now = ctx.now();
        if (now.getTime() - checkedAt >= recheckMs) {
          checkedAt = now.getTime();
          if (!(await liveSessionBySid(ctx.database, sid, now))) {
            await push({ errors: [new AppError('UNAUTHENTICATED')] });
            break;
          }
        }
        await push(next.value);
      }
    } finally {
      stop();
      await iterator.return?.();
    }
  });
}
