import type { Context } from '../../../graphql/context.ts';
import { versionsOf } from './operationVersions.ts';

/**
 * What the engine looks up around its SQL (a site's row, its top zone, its zone tree and which zones
 * hold a metric, targets' names and areas), kept in the process under the data versions it was read
 * at (migration 0046), as the result cache keeps answers: row 0's version for sites, zones, devices,
 * passages and tags; an organization's own for what its readings decide (which zones hold a metric).
 * Read after the versions, an entry is never older than its key says; a write moves the version,
 * and later operations ask other keys. Bounded in entries, least recently used out first.
 */
export class ReferenceCache {
  private readonly entries = new Map<string, unknown>();
  hits = 0;
  misses = 0;

  constructor(readonly maxEntries: number) {}

  get(key: string): { value: unknown } | undefined {
    if (!this.entries.has(key)) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    const value = this.entries.get(key);
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, value);
    return { value };
  }

  set(key: string, value: unknown): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, Map<number, ReferenceCache | null>>();

/** The process's reference cache for this database and bound, or null when the bound is 0. */
export function referenceCacheOf(database: object, maxEntries: number): ReferenceCache | null {
  let byBound = caches.get(database);
  if (!byBound) {
    byBound = new Map();
    caches.set(database, byBound);
  }
  if (!byBound.has(maxEntries)) byBound.set(maxEntries, maxEntries > 0 ? new ReferenceCache(maxEntries) : null);
  return byBound.get(maxEntries)!;
}

/** The versions an interactive operation's lookups are kept under, or null (a job, the cache off, versions unknown). */
export interface ReferenceScope {
  cache: ReferenceCache;
  /** Row 0's version: sites, zones, devices, passages, tags of every organization. */
  shared: string;
  /** An organization's full version (row 0's and its own), when the caller belongs to it. */
  organization: (organizationId: number) => string | undefined;
}

/** Before an operation's first lookup; the versions under it are read once per HTTP request (operationVersions.ts). */
export async function referenceScope(ctx: Context): Promise<ReferenceScope | null> {
  if (!ctx.caller || !ctx.request) return null;
  const cache = referenceCacheOf(ctx.database, ctx.config.REFERENCE_CACHE_ENTRIES);
  if (!cache) return null;
  const versions = await versionsOf(ctx);
  const any = versions?.values().next().value;
  if (!versions || any === undefined) return null;
  return { cache, shared: any.split('.')[0]!, organization: (id) => versions.get(id) };
}

/**
 * Loads `keys` through the cache: each key's entry under `versionOf(key)` when there is one, the rest
 * with one `load`, kept for the next operations. A key without a version is loaded and not kept.
 */
export async function throughReference<K extends string | number, V>(
  scope: ReferenceScope | null,
  name: string,
  keys: K[],
  versionOf: (key: K) => string | undefined,
  load: (keys: K[]) => Promise<Map<K, V>>,
): Promise<Map<K, V>> {
  if (!scope) return load(keys);
  const found = new Map<K, V>();
  const missing: K[] = [];
  for (const key of keys) {
    const version = versionOf(key);
    const kept = version === undefined ? undefined : scope.cache.get(`${version}|${name}|${key}`);
    if (kept) found.set(key, kept.value as V);
    else missing.push(key);
  }
  if (missing.length === 0) return found;
  const loaded = await load(missing);
  for (const key of missing) {
    if (!loaded.has(key)) continue;
    found.set(key, loaded.get(key)!);
    const version = versionOf(key);
    if (version !== undefined) scope.cache.set(`${version}|${name}|${key}`, loaded.get(key));
  }
  return found;
}
