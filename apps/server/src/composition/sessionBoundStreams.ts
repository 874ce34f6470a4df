import type { ExecutionResult } from 'graphql';
import { type Plugin, Repeater } from 'graphql-yoga';
import { callerOfSession } from '../modules/auth/loadCaller.ts';
import { accessFingerprint } from '../modules/access/access.ts';
import { type Context, requestContext } from '../graphql/context.ts';
import { AppError } from '../graphql/errors.ts';

/** How often (server time) an open stream re-reads its session, at its next event. */
export const STREAM_SESSION_RECHECK_MS = 10_000;

/**
 * A subscription opened with a session's token lives no longer than the session, nor past a change
 * of what its caller may read: at its first event past each recheck interval the session's caller is
 * read again (from the caller cache, which a change of session, user, membership or profile empties).
 * Once the session is revoked the stream sends UNAUTHENTICATED and ends; once the caller's
 * organizations, role, profile, rights or features differ from the stream's start it sends
 * FORBIDDEN and ends, and a new subscription is checked against the rights of now (a stream kept
 * sending turnover to a user whose new profile had no sales right). A stream without events sends
 * nothing, revoked or not.
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
      const access = await accessFingerprint(ctx);
      for (;;) {
        const next = await Promise.race([iterator.next(), stopped]);
        if (!next || next.done) break;
        const now = ctx.now();
        if (now.getTime() - checkedAt >= recheckMs) {
          checkedAt = now.getTime();
          const refusal = await refusalNow(ctx, sid, access);
          if (refusal) {
            await push({ errors: [new AppError(refusal)] });
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

/** Why the stream must end now: its session is gone, or what its caller may read changed; null while neither. */
async function refusalNow(ctx: Context, sid: string, access: string): Promise<'UNAUTHENTICATED' | 'FORBIDDEN' | null> {
  const caller = await callerOfSession(ctx, sid);
  if (!caller) return 'UNAUTHENTICATED';
  const now = requestContext(ctx, { request: ctx.request, reply: ctx.reply, caller, tokenExpired: false });
  return (await accessFingerprint(now)) === access ? null : 'FORBIDDEN';
}
