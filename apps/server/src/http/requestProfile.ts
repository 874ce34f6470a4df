import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';

/**
 * Where one request's time goes (issue 33 item 1), layer by layer, sent back as a Server-Timing
 * header when PROFILE_REQUESTS is on (the benchmark's profile phase reads it). Off, nothing is
 * measured: `profileOf` answers undefined and every `timed` call runs its work as it is.
 */
export const PROFILE_LAYERS = ['http', 'caller', 'validate', 'rights', 'bounds', 'queue', 'sql', 'lookups', 'derive', 'serialize', 'other', 'total'] as const;
export type ProfileLayer = (typeof PROFILE_LAYERS)[number];
type MeasuredLayer = Exclude<ProfileLayer, 'lookups' | 'derive' | 'other' | 'total'> | 'execute' | 'db';

export class RequestProfile {
  readonly started = performance.now();
  private readonly spent = new Map<MeasuredLayer, number>();
  /** Analytics requests answered from the result cache, and those that missed it. */
  private readonly counts = { cacheHit: 0, cacheMiss: 0 };
  /** Between the execution's start and end: database time then counts (the caller's own reads are its layer). */
  executing = false;

  count(what: 'cacheHit' | 'cacheMiss'): void {
    this.counts[what] += 1;
  }

  add(layer: MeasuredLayer, ms: number): void {
    this.spent.set(layer, (this.spent.get(layer) ?? 0) + ms);
  }

  /**
   * Milliseconds per layer. Resolvers run side by side, so rights, bounds, queue and sql add up the
   * time of each field; derive is the execution's wall time less those (what the resolvers did
   * besides: loaders, shaping, derived metrics), never below 0. Other is what no layer names (the
   * caller queue, the engine-work count, waits between the hooks).
   */
  layers(now = performance.now()): Record<ProfileLayer, number> {
    const get = (layer: MeasuredLayer) => this.spent.get(layer) ?? 0;
    const lookups = Math.max(0, get('db') - get('sql'));
    const inside = get('rights') + get('bounds') + get('queue') + get('sql') + lookups;
    const total = now - this.started;
    const named = get('http') + get('caller') + get('validate') + Math.max(get('execute'), inside) + get('serialize');
    return {
      http: get('http'),
      caller: get('caller'),
      validate: get('validate'),
      rights: get('rights'),
      bounds: get('bounds'),
      queue: get('queue'),
      sql: get('sql'),
      lookups,
      derive: Math.max(0, get('execute') - inside),
      serialize: get('serialize'),
      other: Math.max(0, total - named),
      total,
    };
  }

  /** The Server-Timing header's value: `caller;dur=0.120, …`. */
  serverTiming(): string {
    return Object.entries(this.layers())
      .map(([layer, ms]) => `${layer};dur=${ms.toFixed(3)}`)
      .join(', ');
  }

  /** The X-Result-Cache header's value: the call's analytics requests answered from the result cache, and not. */
  resultCache(): string {
    return `hit=${this.counts.cacheHit} miss=${this.counts.cacheMiss}`;
  }
}

const profiles = new WeakMap<IncomingMessage, RequestProfile>();
const active = new AsyncLocalStorage<RequestProfile>();

/** Runs a profiled request's handling, so that its database statements find its profile. */
export function runProfiled<T>(profile: RequestProfile, handle: () => T): T {
  return active.run(profile, handle);
}

let profilingServers = 0;

/**
 * A server that profiles its requests starts; the returned function is its end. Once none runs, the
 * async context is turned off again: on Node 20 it hooks every promise of the process while on, and
 * the benchmark times other servers in the same process after its profile (docs/decisions.md,
 * "No async context on the request path").
 */
export function profilingServer(): () => void {
  profilingServers += 1;
  return () => {
    profilingServers -= 1;
    if (profilingServers === 0) active.disable();
  };
}

/**
 * A database client's query function that adds each statement's time to the running request's
 * profile while it executes (db: the engine's statements and every other lookup); untouched
 * when no profiled request runs it.
 */
export function profiledQueries<F extends (...args: never[]) => unknown>(query: F): F {
  return ((...args: Parameters<F>) => {
    const profile = active.getStore();
    const result = query(...args);
    if (!profile?.executing || !(result instanceof Promise)) return result;
    const start = performance.now();
    const done = () => profile.add('db', performance.now() - start);
    result.then(done, done);
    return result;
  }) as F;
}

export function startProfile(request: IncomingMessage): RequestProfile {
  const profile = new RequestProfile();
  profiles.set(request, profile);
  return profile;
}

/** The request's profile, when profiling is on (a job's context has no request: undefined). */
export function profileOf(request: { raw: IncomingMessage } | undefined | null): RequestProfile | undefined {
  return request ? profiles.get(request.raw) : undefined;
}

/** Runs `work`, adding its time to `layer` of the profile when there is one. */
export async function timed<T>(profile: RequestProfile | undefined, layer: MeasuredLayer, work: () => Promise<T>): Promise<T> {
  if (!profile) return work();
  const start = performance.now();
  try {
    return await work();
  } finally {
    profile.add(layer, performance.now() - start);
  }
}
