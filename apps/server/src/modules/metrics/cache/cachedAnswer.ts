import type { Context } from '../../../graphql/context.ts';
import { domainCaller } from '../../access/access.ts';
import type { RetailDataInput } from '../request/retailInput.ts';
import { chargePoints } from '../run/engineBudget.ts';
import { callerOf } from '../run/engineTurns.ts';
import type { RetailSeries } from '../run/runRetailQuery.ts';
import { databaseNamespace } from './dataVersions.ts';
import { keptTurn } from './keptTurns.ts';
import { versionsOf } from './operationVersions.ts';
import { resultCacheOf } from './resultCache.ts';
import { resultKey } from './resultKey.ts';
import { countCache, keptIfStands } from './speculation.ts';

export type RetailAnswer = { metric: string; unit: string | null; series: RetailSeries[] };

/** The result cache this call may use, or null (no cache, a job, or a request without explicit dates). */
function resultCacheFor(ctx: Context, filters: RetailDataInput['filters']) {
  return ctx.caller && ctx.request && hasExplicitDates(filters) ? resultCacheOf(ctx.database, ctx.config) : null;
}

/**
 * The answer from the result cache when an identical request was answered at the same data
 * versions, by a caller of the same organizations and rights; else `compute`'s, kept. Only a
 * person's call over HTTP with explicit dates is kept: without dates the range is "today", which
 * moves without any write, and a job (no request) reads with rights of its own.
 */
export function cachedAnswer(ctx: Context, asked: RetailDataInput, compute: () => Promise<RetailAnswer>, inTurn = false): Promise<RetailAnswer> {
  return keptAnswer(ctx, { filters: asked.filters, request: asked }, compute, {
    // The bound on points per call holds for kept answers too.
    onKept: (answer) => chargePoints(ctx, answer.series.reduce((n, s) => n + s.points.length, 0)),
    revive: reviveDates,
    joinInFlight: !inTurn,
  });
}

export interface KeptAnswerOptions<T> {
  /** Charged when the answer comes from the cache: the work bounds hold for kept answers too. */
  onKept: (answer: T) => void;
  revive: (json: string) => T;
  /**
   * Whether an identical request being computed is waited for (the default). Not by a request asked
   * inside another's engine turn: that computation may be waiting for the very turn this one's asker
   * holds (on PGlite's one slot, for ever); it uses finished answers only.
   */
  joinInFlight?: boolean;
}

/**
 * Any analytics answer through the result cache (retailData, kpis): `request` is everything the
 * answer depends on besides the data versions and the caller's organizations and rights (which
 * the key adds), including whatever of the current time it depends on; `filters` says whether it
 * has explicit dates (without them nothing is kept).
 */
export async function keptAnswer<T>(
  ctx: Context,
  asked: { filters: RetailDataInput['filters']; request: unknown },
  compute: () => Promise<T>,
  options: KeptAnswerOptions<T>,
): Promise<T> {
  const cache = resultCacheFor(ctx, asked.filters);
  if (!cache) return compute();
  const key = await keyOf(ctx, asked.request);
  if (!key) return compute();
  // Kept, or being computed for an identical request under the same key (50 users opening the same
  // page as a running period's minute turns): shared rather than computed again. A failed
  // computation is not shared: this request then computes its own.
  const inFlight = () => (options.joinInFlight === false ? undefined : shared(cache.computing(key)));
  const kept = (await inFlight()) ?? (await cache.get(key)) ?? (await inFlight());
  if (kept !== undefined) {
    await keptTurn(callerOf(ctx));
    const answer = revivedOnce(ctx, key, kept, options.revive);
    options.onKept(answer);
    countCache(ctx, 'cacheHit');
    return answer;
  }
  countCache(ctx, 'cacheMiss');
  const answer = compute();
  cache.setComputing(key, keptIfStands(ctx, answer).then((a) => JSON.stringify(a)));
  return answer;
}

/** Per call, its kept answers by key: the aliases of one call asking the same request share one revived answer. */
const revivedInCall = new WeakMap<Context, Map<string, unknown>>();

function revivedOnce<T>(ctx: Context, key: string, json: string, revive: (json: string) => T): T {
  let byKey = revivedInCall.get(ctx);
  if (!byKey) revivedInCall.set(ctx, (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, revive(json));
  return byKey.get(key) as T;
}

/**
 * The versions of every organization of the caller: the key then needs no read of the site, and a
 * kept answer was given to a caller of the same organizations, for whom the site's checks gave the
 * same verdict (a site moved to another organization moves row 0).
 */
async function keyOf(ctx: Context, request: unknown): Promise<string | null> {
  const [read, namespace, rights] = await Promise.all([versionsOf(ctx), databaseNamespace(ctx.database), domainCaller(ctx)]);
  if (!read) return null;
  const versions = [...read].sort(([a], [b]) => a - b).map(([id, version]) => `${id}:${version}`).join(',');
  return resultKey({ namespace, versions, organizationIds: ctx.caller!.organizationIds, rights: { role: ctx.caller!.role, rules: rights }, request });
}

const shared = (computing: Promise<string> | undefined): Promise<string | undefined> | undefined => computing?.catch(() => undefined);

function hasExplicitDates(filters: RetailDataInput['filters']): boolean {
  const dates = (filters?.conditions ?? []).filter((c) => c.type === 'date');
  return dates.length > 0 && dates.every((c) => c.dateBegin && c.dateEnd);
}

function reviveDates(json: string): RetailAnswer {
  return JSON.parse(json, (key, value) => (key === 't' && typeof value === 'string' ? new Date(value) : value)) as RetailAnswer;
}
