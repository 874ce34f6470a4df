import type { Caller as DomainCaller } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';

/** What a live session stands for: its user, the membership it acts in, and until when. */
export interface SessionCaller {
  userId: number;
  adminUserId: number | null;
  /** A view-as session: the administrator's session it was started from, and ends with. */
  startedFromSid: string | null;
  expiresAt: Date;
  role: string;
  profileId: number | null;
  organizationIds: number[];
}

/**
 * The channel the triggers of migration 0043 notify: 's:<sid>', 'u:<user id>',
 * 'p:<profile id>' (its rights) or 'o:<organization id>' (its features, its sites).
 */
export const CALLERS_CHANNEL = 'sitelens_callers';
const MAX_ENTRIES = 20_000;

/**
 * Sessions and their callers kept in the process (issue 33 item 2), so that a call does not read
 * the session and the membership again. An entry goes the moment the database notifies a change to
 * its session, its user or their memberships, and in any case after `keepMs`. A read that a change
 * overtook is not kept: every drop moves the generation, and `keep` refuses an older one.
 */
export class CallerCache {
  private readonly entries = new Map<string, { value: SessionCaller; until: number; domain?: Promise<DomainCaller> }>();
  /**
   * The kept view-as sessions by the session they were started from, so that an 's:<sid>'
   * notification (every sign-in, renewal and sign-out sends one) drops them without a scan of every
   * entry. It follows `entries` exactly: every entry set or removed goes through `put` and `remove`.
   */
  private readonly byOrigin = new Map<string, Set<string>>();
  private generation = 0;
  /** False while the database's notifications may be missed: nothing is served or kept then. */
  private listening = true;

  constructor(
    private readonly keepMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The generation to pass to `keep` for a read that starts now. */
  get currentGeneration(): number {
    return this.generation;
  }

  get(sid: string): SessionCaller | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (entry.until > this.clock()) return entry.value;
    this.remove(sid);
    return undefined;
  }

  keep(sid: string, value: SessionCaller, generation: number): void {
    if (generation !== this.generation || this.keepMs <= 0 || !this.listening) return;
    if (!this.entries.has(sid) && this.entries.size >= MAX_ENTRIES) this.remove(this.entries.keys().next().value!);
    this.remove(sid);
    this.entries.set(sid, { value, until: this.clock() + this.keepMs });
    if (value.startedFromSid !== null) {
      const started = this.byOrigin.get(value.startedFromSid) ?? new Set<string>();
      started.add(sid);
      this.byOrigin.set(value.startedFromSid, started);
    }
  }

  /** Forgets one entry, and it from the index of its origin. */
  private remove(sid: string): void {
    const entry = this.entries.get(sid);
    if (!entry) return;
    this.entries.delete(sid);
    const origin = entry.value.startedFromSid;
    if (origin === null) return;
    const started = this.byOrigin.get(origin);
    started?.delete(sid);
    if (started?.size === 0) this.byOrigin.delete(origin);
  }

  /**
   * The rights rules' view of a cached session's caller (its profile's rights, its organization's
   * features, whether it has sites): kept with the entry, unless a change overtook the read.
   */
  domainOf(sid: string, source: Pick<SessionCaller, 'role' | 'profileId' | 'organizationIds'>, load: () => Promise<DomainCaller>): Promise<DomainCaller> {
    const entry = this.entries.get(sid);
    // Only the entry the request's caller was read from: one filled since (a change in between) is another caller's.
    if (!this.listening || !entry || entry.until <= this.clock() || !sameCaller(entry.value, source)) return load();
    if (entry.domain) return entry.domain;
    const generation = this.generation;
    const loading = load();
    loading.then(
      () => {
        if (generation === this.generation && this.entries.get(sid) === entry) entry.domain = loading;
      },
      () => {},
    );
    return loading;
  }

  /**
   * A notification: 's:<sid>' drops that session and the view-as sessions started from it (their end
   * is its end, which a renewal moves); 'u:<id>' every session of or viewed by that user;
   * 'p:<id>' every session acting with that profile; 'o:<id>' every session acting in that organization.
   */
  drop(payload: string): void {
    this.generation += 1;
    const id = payload.slice(2);
    if (payload.startsWith('s:')) {
      this.remove(id);
      for (const sid of this.byOrigin.get(id) ?? []) this.remove(sid);
      return;
    }
    const n = Number(id);
    const matches: Record<string, ((value: SessionCaller) => boolean) | undefined> = {
      u: (value) => value.userId === n || value.adminUserId === n,
      p: (value) => value.profileId === n,
      o: (value) => value.organizationIds.includes(n),
    };
    const match = matches[payload.slice(0, 1)];
    if (payload[1] !== ':' || !match || !Number.isInteger(n)) return this.clear();
    for (const [sid, { value }] of this.entries) if (match(value)) this.remove(sid);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.byOrigin.clear();
  }

  /** The notifications stopped (false: forget all, serve nothing) or came back (true: fill again). */
  gap(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The view-as entries the index of origins holds (as many as kept view-as entries, no more). */
  get indexedViewAs(): number {
    let count = 0;
    for (const started of this.byOrigin.values()) count += started.size;
    return count;
  }
}

// Per database, per bound (servers on one database with other bounds, as the benchmark starts, keep apart).
function sameCaller(a: Pick<SessionCaller, 'role' | 'profileId' | 'organizationIds'>, b: Pick<SessionCaller, 'role' | 'profileId' | 'organizationIds'>): boolean {
  return a.role === b.role && a.profileId === b.profileId && a.organizationIds.length === b.organizationIds.length && a.organizationIds.every((id, i) => id === b.organizationIds[i]);
}

const caches = new WeakMap<Database, Map<number, Promise<CallerCache | null>>>();

/**
 * The process's cache for this database, listening from the first call on; null (read every time)
 * when keepSeconds is 0 or the database cannot notify.
 */
export function callerCacheOf(database: Database, keepSeconds: number): Promise<CallerCache | null> {
  let byBound = caches.get(database);
  if (!byBound) {
    byBound = new Map();
    caches.set(database, byBound);
  }
  let cache = byBound.get(keepSeconds);
  if (!cache) {
    cache = startCallerCache(database, keepSeconds);
    byBound.set(keepSeconds, cache);
  }
  return cache;
}

/**
 * Drops at once, in this process, what a write made here changed ('s:<sid>', 'u:<user id>'; anything
 * else clears all): the database's notification follows a few milliseconds later on PostgreSQL, and
 * a request of this process must not be answered from the cache in between. Other processes still
 * hear it from the notification.
 */
export async function forgetCallers(database: Database, payload: string): Promise<void> {
  for (const cache of caches.get(database)?.values() ?? []) (await cache)?.drop(payload);
}

async function startCallerCache(database: Database, keepSeconds: number): Promise<CallerCache | null> {
  if (keepSeconds <= 0) return null;
  const cache = new CallerCache(keepSeconds * 1000);
  try {
    await database.listen(CALLERS_CHANNEL, (payload) => cache.drop(payload), (listening) => cache.gap(listening));
    return cache;
  } catch (error) {
    console.warn('caller cache off, the database cannot notify:', error instanceof Error ? error.message : error);
    return null;
  }
}
