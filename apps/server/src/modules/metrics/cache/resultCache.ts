import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';

const lazyRequire = createRequire(import.meta.url);
const REDIS_PREFIX = 'sitelens:result:';
const CONNECTED_OR_CONNECTING = new Set(['wait', 'connecting', 'connect', 'ready']);

/**
 * Analytics answers kept as their JSON text under a key that holds the data versions they were read
 * at (resultKey.ts), so an entry is never invalidated: a write moves the version, and later requests
 * ask another key. In memory, least recently used first out, bounded by the text's bytes; with
 * REDIS_URL, also in Redis under a TTL (shared by every process), the memory layer in front.
 */
export class ResultCache {
  private readonly entries = new Map<string, string>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    readonly maxBytes: number,
    private readonly redis: RedisClient | null = null,
    private readonly ttlSeconds = 3600,
    /** A Redis read slower than this counts as a miss: the engine answers rather than wait. */
    private readonly redisWaitMs = 50,
  ) {}

  /** Answers being computed, by key: identical requests meanwhile wait for it instead of computing it again. */
  private readonly inFlight = new Map<string, Promise<string>>();

  /** The answer being computed under this key, if any. */
  computing(key: string): Promise<string> | undefined {
    return this.inFlight.get(key);
  }

  /**
   * Shares an answer being computed until it is done, then keeps it (a failed one is not kept). One
   * already shared under the key stays the shared one: a request inside a turn computes its own
   * beside it (it may not wait for it) and neither takes its place nor ends its sharing.
   */
  setComputing(key: string, json: Promise<string>): void {
    if (!this.inFlight.has(key)) this.inFlight.set(key, json);
    const done = () => {
      if (this.inFlight.get(key) === json) this.inFlight.delete(key);
    };
    json.then(
      (text) => {
        done();
        this.set(key, text);
      },
      done,
    );
  }

  async get(key: string): Promise<string | undefined> {
    const kept = this.entries.get(key);
    if (kept !== undefined) {
      // Re-inserted: a Map keeps insertion order, so its first key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, kept);
      this.hits += 1;
      return kept;
    }
    const shared = await this.fromRedis(key);
    if (shared !== undefined) {
      this.keepInMemory(key, shared);
      this.hits += 1;
      return shared;
    }
    this.misses += 1;
    return undefined;
  }

  set(key: string, json: string): void {
    this.keepInMemory(key, json);
    // Not awaited: the answer goes out now; a lost write to Redis is only a later miss.
    this.redis?.set(REDIS_PREFIX + key, json, 'EX', this.ttlSeconds).catch(() => {});
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  async close(): Promise<void> {
    this.redis?.disconnect();
  }

  private keepInMemory(key: string, json: string): void {
    const size = bytesOf(key, json);
    // One answer may take at most a quarter of the bound, so that a huge one never empties the cache.
    if (size > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= bytesOf(key, old);
    }
    this.entries.set(key, json);
    this.bytes += size;
    for (const [oldest, text] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= bytesOf(oldest, text);
    }
  }

  /** One listener for every request waiting on a connection that is opening. */
  private opening: Promise<void> | undefined;
  private connected(redis: RedisClient): Promise<void> {
    this.opening ??= new Promise<void>((resolve) =>
      redis.once('ready', () => {
        this.opening = undefined;
        resolve();
      }),
    );
    return this.opening;
  }

  private async fromRedis(key: string): Promise<string | undefined> {
    const redis = this.redis;
    if (!redis || !CONNECTED_OR_CONNECTING.has(redis.status)) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.redisWaitMs);
    });
    // A connection still opening is waited for within the same bound (a fresh process's first requests).
    const read = async () => {
      if (redis.status !== 'ready') await this.connected(redis);
      return redis.get(REDIS_PREFIX + key);
    };
    try {
      return (await Promise.race([read(), late])) ?? undefined;
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}

// JavaScript strings hold UTF-16: two bytes a character, plus the Map entry's own overhead.
const bytesOf = (key: string, json: string): number => 2 * (key.length + json.length) + 64;

type CacheSettings = {
  RESULT_CACHE_MB: number;
  RESULT_CACHE_TTL_SECONDS: number;
  RESULT_CACHE_REDIS_WAIT_MS: number;
  REDIS_URL?: string | undefined;
};
const caches = new WeakMap<object, Map<string, ResultCache | null>>();

/**
 * The process's cache for this database and these settings (tests and the benchmark start servers
 * with other ones in one process), or null when RESULT_CACHE_MB is 0.
 */
export function resultCacheOf(database: object, config: CacheSettings): ResultCache | null {
  let bySettings = caches.get(database);
  if (!bySettings) {
    bySettings = new Map();
    caches.set(database, bySettings);
  }
  const id = `${config.RESULT_CACHE_MB}|${config.RESULT_CACHE_TTL_SECONDS}|${config.RESULT_CACHE_REDIS_WAIT_MS}|${config.REDIS_URL ?? ''}`;
  if (bySettings.has(id)) return bySettings.get(id)!;
  let cache: ResultCache | null = null;
  if (config.RESULT_CACHE_MB > 0) {
    let redis: RedisClient | null = null;
    if (config.REDIS_URL) {
      // Loaded here, not at import: a process without Redis (the embedded default, each test file) skips it.
      const { Redis } = lazyRequire('ioredis') as { Redis: typeof RedisClient };
      redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
      redis.on('error', () => {});
    }
    cache = new ResultCache(config.RESULT_CACHE_MB * 1024 * 1024, redis, config.RESULT_CACHE_TTL_SECONDS, config.RESULT_CACHE_REDIS_WAIT_MS);
  }
  bySettings.set(id, cache);
  return cache;
}

/** Closes the Redis connections of this database's caches (the server's close). */
export async function closeResultCaches(database: object): Promise<void> {
  const open = [...(caches.get(database)?.values() ?? [])];
  caches.delete(database);
  await Promise.all(open.map((cache) => cache?.close()));
}
