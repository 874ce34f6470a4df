import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ResultCache } from './resultCache.ts';

// The shared layer of the result cache on the machine's Redis: a process that has just opened its
// connection (a fresh web process, its first analytics request) reads what another process kept.
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const clientOptions = { maxRetriesPerRequest: 1, enableOfflineQueue: false } as const;
const writer = new Redis(REDIS);
const opened: Redis[] = [writer];

afterAll(() => {
  for (const client of opened) client.disconnect();
});

describe('the result cache in Redis', () => {
  it('a connection still opening is waited for, within the bound, and the kept answer is a hit', async () => {
    const key = `test-${randomUUID()}`;
    await writer.set(`sitelens:result:${key}`, '{"sum":4}', 'EX', 60);
    const fresh = new Redis(REDIS, clientOptions);
    opened.push(fresh);
    expect(fresh.status).not.toBe('ready');
    const cache = new ResultCache(1024 * 1024, fresh, 60, 5_000);
    expect(await cache.get(key)).toBe('{"sum":4}');
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 0 });
  });

  it('a Redis that does not answer costs a miss after the bound, not a wait without end', async () => {
    const nowhere = new Redis('redis://127.0.0.1:9', { ...clientOptions, retryStrategy: () => 50 });
    nowhere.on('error', () => {});
    opened.push(nowhere);
    const cache = new ResultCache(1024 * 1024, nowhere, 60, 200);
    const started = performance.now();
    expect(await cache.get('anything')).toBeUndefined();
    expect(await cache.get('anything')).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 0, misses: 2 });
  });
});
