import { describe, expect, it } from 'vitest';
import { ResultCache } from './resultCache.ts';

// The memory layer's bound (RESULT_CACHE_MB): bytes of the kept text, least recently used out first.
describe('the result cache in memory', () => {
  const answer = (n: number) => JSON.stringify({ series: [{ points: Array.from({ length: n }, (_, i) => ({ value: i })) }] });

  it('stays within its bytes, dropping the least recently used answer first', async () => {
    const one = answer(100);
    const size = 2 * ('k0'.length + one.length) + 64;
    const cache = new ResultCache(size * 4);
    for (const key of ['k0', 'k1', 'k2', 'k3']) cache.set(key, one);
    expect(cache.size).toEqual({ entries: 4, bytes: size * 4 });
    // k0 read again: k1 is now the least recently used, and goes when k4 comes.
    expect(await cache.get('k0')).toBe(one);
    cache.set('k4', one);
    expect(cache.size.bytes).toBeLessThanOrEqual(size * 4);
    expect(await cache.get('k1')).toBeUndefined();
    expect(await cache.get('k0')).toBe(one);
    expect(await cache.get('k4')).toBe(one);
  });

  it('keeps no answer larger than a quarter of its bound, and counts hits and misses', async () => {
    const cache = new ResultCache(4_000);
    cache.set('small', answer(10));
    cache.set('huge', answer(1_000));
    expect(await cache.get('huge')).toBeUndefined();
    expect(await cache.get('small')).toBe(answer(10));
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
  });

  it('replacing an answer counts its bytes once', () => {
    const cache = new ResultCache(100_000);
    cache.set('k', answer(10));
    cache.set('k', answer(10));
    expect(cache.size).toEqual({ entries: 1, bytes: 2 * (1 + answer(10).length) + 64 });
  });
});
