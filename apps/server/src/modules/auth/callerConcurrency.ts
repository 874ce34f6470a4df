import type { FastifyRequest } from 'fastify';
import type { Plugin } from 'graphql-yoga';
import type { ServerDeps } from '../../graphql/context.ts';
import { verifyAccessToken } from './tokens.ts';
import { clientAddress } from '../../http/clientAddress.ts';

/**
 * Turns per caller: at most `concurrency` calls of one caller run at once, `queue` more wait in
 * order, and past them a call is refused at once. One user's heavy calls then queue behind each
 * other instead of taking every database connection and the event loop from everyone else.
 */
export class CallerSlots {
  private readonly callers = new Map<string, { running: number; waiting: Array<() => void> }>();

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** Resolves with the slot's release once it is the caller's turn; null when the queue is full. */
  async acquire(key: string): Promise<(() => void) | null> {
    const free = this.tryAcquire(key);
    if (free) return free;
    const caller = this.callers.get(key)!;
    if (caller.waiting.length >= this.queue) return null;
    const turn = caller.waiting;
    await new Promise<void>((resolve) => turn.push(resolve));
    return this.releaseOf(key, caller);
  }

  /** A slot only when one is free now (never queued): its release, else null. */
  tryAcquire(key: string): (() => void) | null {
    let caller = this.callers.get(key);
    if (!caller) {
      caller = { running: 0, waiting: [] };
      this.callers.set(key, caller);
    }
    if (caller.running >= this.concurrency) return null;
    caller.running += 1;
    return this.releaseOf(key, caller);
  }

  private releaseOf(key: string, own: { running: number; waiting: Array<() => void> }): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = own.waiting.shift();
      // The slot passes straight to the next waiting call; the count only drops when none waits.
      if (next) next();
      else if (--own.running === 0) this.callers.delete(key);
    };
  }

  /** Calls running and waiting for the caller (the tests read it). */
  load(key: string): { running: number; waiting: number } {
    const caller = this.callers.get(key);
    return { running: caller?.running ?? 0, waiting: caller?.waiting.length ?? 0 };
  }
}

/** A signed-in caller is its user (whichever token or address it uses); anyone else its address. */
export async function callerKey(deps: Pick<ServerDeps, 'keys' | 'now'>, req: FastifyRequest): Promise<string> {
  const authorization = req.headers.authorization;
  if (authorization?.startsWith('Bearer ')) {
    const verified = await verifyAccessToken(deps.keys, authorization.slice(7).trim(), deps.now());
    if (verified.ok) return `user:${verified.claims.userId}`;
  }
  return `address:${clientAddress(req.ip)}`;
}

/**
 * The Yoga plugin: a slot held from the request's start until its response is made (a stream's start
 * for subscriptions). A request carrying several operations (a page's queries sent together) takes,
 * beside its own, the caller's slots that are free at once, one per operation up to the caller's
 * limit, and runs its operations that many at a time: a batch never runs more at once than the
 * same operations sent one by one could, and never waits for a slot it holds itself.
 */
export function callerConcurrency(deps: ServerDeps): Plugin {
  const slots = new CallerSlots(deps.config.API_CALLER_CONCURRENCY, deps.config.API_CALLER_QUEUE);
  const requests = new WeakMap<Request, { key: string; releases: Array<() => void>; turns?: CallerSlots }>();
  return {
    async onRequest({ request, serverContext, requestHandler, setRequestHandler, endResponse, fetchAPI }) {
      if (request.method === 'OPTIONS') return;
      const key = await callerKey(deps, (serverContext as unknown as { req: FastifyRequest }).req);
      const release = await slots.acquire(key);
      if (!release) {
        const body = JSON.stringify({ errors: [{ message: 'TOO_MANY_REQUESTS', extensions: { code: 'TOO_MANY_REQUESTS' } }] });
        endResponse(new fetchAPI.Response(body, { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1' } }));
        return;
      }
      const held = { key, releases: [release] };
      requests.set(request, held);
      setRequestHandler(async (req, ctx) => {
        try {
          return await requestHandler(req, ctx);
        } finally {
          for (const free of held.releases) free();
        }
      });
    },
    onRequestParse({ request }) {
      return {
        onRequestParseDone({ requestParserResult }) {
          const held = requests.get(request);
          if (!held || !Array.isArray(requestParserResult) || requestParserResult.length < 2) return;
          const wanted = Math.min(requestParserResult.length, deps.config.API_CALLER_CONCURRENCY);
          while (held.releases.length < wanted) {
            const extra = slots.tryAcquire(held.key);
            if (!extra) break;
            held.releases.push(extra);
          }
          held.turns = new CallerSlots(held.releases.length, requestParserResult.length);
        },
      };
    },
    onParams({ request, paramsHandler, setParamsHandler }) {
      const turns = requests.get(request)?.turns;
      if (!turns) return;
      setParamsHandler(async (payload) => {
        const done = (await turns.acquire(''))!;
        try {
          return await paramsHandler(payload);
        } finally {
          done();
        }
      });
    },
  };
}
