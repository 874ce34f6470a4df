import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { clearAttempts, pruneAttemptCounters, releaseAttempt, takeAttempt } from './attemptLimiter.ts';

let database: Database;
const t0 = new Date('2026-03-01T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const WINDOW = 60_000;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('takeAttempt', () => {
  it('allows exactly the limit among 100 concurrent attempts on one key', async () => {
    const decisions = await Promise.all(Array.from({ length: 100 }, () => takeAttempt(database, ['burst'], { limit: 10, windowMs: WINDOW, now: t0 })));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    const refused = decisions.find((d) => !d.allowed);
    expect(refused).toMatchObject({ allowed: false, retryAfterMs: WINDOW, blockedKeys: ['burst'] });
  });

  it('refuses when any key is past its own limit, and tells how long until its window ends', async () => {
    const keys = (account: string) => [
      { key: `acct:${account}`, limit: 3 },
      { key: 'addr:10.0.0.1', limit: 5 },
    ];
    for (let i = 0; i < 3; i++) expect((await takeAttempt(database, keys('a'), { windowMs: WINDOW, now: at(i * 1000) })).allowed).toBe(true);
    expect(await takeAttempt(database, keys('a'), { windowMs: WINDOW, now: at(10_000) })).toEqual({ allowed: false, retryAfterMs: 50_000, blockedKeys: ['acct:a'] });
    // The address has taken 4 attempts (refused ones count); one more account passes, then the address blocks.
    expect((await takeAttempt(database, keys('b'), { windowMs: WINDOW, now: at(11_000) })).allowed).toBe(true);
    expect(await takeAttempt(database, keys('c'), { windowMs: WINDOW, now: at(12_000) })).toMatchObject({ allowed: false, blockedKeys: ['addr:10.0.0.1'] });
    // Refused attempts do not push the window's end: it still ends 60 s after the first.
    expect((await takeAttempt(database, keys('a'), { windowMs: WINDOW, now: at(WINDOW) })).allowed).toBe(true);
  });

  it('gives an attempt back on release, and starts afresh once the window has ended', async () => {
    const first = await takeAttempt(database, ['release'], { limit: 1, windowMs: WINDOW, now: t0 });
    expect(first.allowed).toBe(true);
    expect((await takeAttempt(database, ['release'], { limit: 1, windowMs: WINDOW, now: t0 })).allowed).toBe(false);
    await clearAttempts(database, ['release']);
    const again = await takeAttempt(database, ['release'], { limit: 1, windowMs: WINDOW, now: t0 });
    if (!again.allowed) throw new Error('expected an allowed attempt');
    await releaseAttempt(database, again.taken);
    expect((await takeAttempt(database, ['release'], { limit: 1, windowMs: WINDOW, now: at(1000) })).allowed).toBe(true);
    expect((await takeAttempt(database, ['release'], { limit: 1, windowMs: WINDOW, now: at(2000) })).allowed).toBe(false);
    expect((await takeAttempt(database, ['release'], { limit: 1, windowMs: WINDOW, now: at(WINDOW + 1) })).allowed).toBe(true);
  });

  it('prunes only counters whose window has ended', async () => {
    await takeAttempt(database, ['old'], { limit: 5, windowMs: 1000, now: t0 });
    await takeAttempt(database, ['young'], { limit: 5, windowMs: WINDOW * 100, now: t0 });
    expect(await pruneAttemptCounters(database, at(2000))).toBeGreaterThanOrEqual(1);
    const left = await database.sql.query<{ key: string }>('SELECT key FROM attempt_counters');
    expect(left.rows.map((r) => r.key)).toContain('young');
    expect(left.rows.map((r) => r.key)).not.toContain('old');
  });

  it('refuses a call without a limit rather than allowing everything', async () => {
    await expect(takeAttempt(database, ['nolimit'], { windowMs: WINDOW, now: t0 })).rejects.toThrow(/limit/);
  });
});
