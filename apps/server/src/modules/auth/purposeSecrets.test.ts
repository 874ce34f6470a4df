import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { consumeCode, consumeToken, issueCode, issueToken, revokeSecrets } from './purposeSecrets.ts';

let database: Database;
const t0 = new Date('2026-03-01T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const HOUR = 3_600_000;
const attempts = { limit: 5, windowMs: HOUR };

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function storedColumns(): Promise<string> {
  const { rows } = await database.sql.query('SELECT * FROM purpose_secrets');
  return JSON.stringify(rows);
}

describe('tokens', () => {
  it('is consumed once, by its own purpose, before it expires, and is stored only as a digest', async () => {
    const { token, expiresAt } = await issueToken(database, { purpose: 'password-reset', subject: '42', ttlMs: HOUR, now: t0, data: { email: 'ana@acme.test' } });
    expect(expiresAt).toEqual(at(HOUR));
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await storedColumns()).not.toContain(token);
    expect(await consumeToken(database, { purpose: 'invitation', token, now: t0 })).toBeNull();
    expect(await consumeToken(database, { purpose: 'password-reset', token, now: t0 })).toEqual({ subject: '42', data: { email: 'ana@acme.test' } });
    expect(await consumeToken(database, { purpose: 'password-reset', token, now: t0 })).toBeNull();
  });

  it('is refused once expired, and after the subject revokes its secrets', async () => {
    const late = await issueToken(database, { purpose: 'password-reset', subject: '43', ttlMs: HOUR, now: t0 });
    expect(await consumeToken(database, { purpose: 'password-reset', token: late.token, now: at(HOUR) })).toBeNull();
    const revoked = await issueToken(database, { purpose: 'password-reset', subject: '43', ttlMs: HOUR, now: t0 });
    const other = await issueToken(database, { purpose: 'password-reset', subject: '44', ttlMs: HOUR, now: t0 });
    // At t0 both tokens of subject 43 are live.
    expect(await revokeSecrets(database, { subject: '43', now: t0 })).toBe(2);
    expect(await revokeSecrets(database, { subject: '43', now: t0 })).toBe(0);
    expect(await consumeToken(database, { purpose: 'password-reset', token: revoked.token, now: t0 })).toBeNull();
    expect(await consumeToken(database, { purpose: 'password-reset', token: other.token, now: t0 })).toMatchObject({ subject: '44' });
  });

  it('is consumed by exactly one of 20 concurrent uses', async () => {
    const { token } = await issueToken(database, { purpose: 'invitation', subject: 'bob@acme.test', ttlMs: HOUR, now: t0 });
    const uses = await Promise.all(Array.from({ length: 20 }, () => consumeToken(database, { purpose: 'invitation', token, now: t0 })));
    expect(uses.filter(Boolean)).toHaveLength(1);
  });
});

describe('codes', () => {
  it('is bound to its subject, replaced by a newer code, consumed once, and hashed at rest', async () => {
    const first = await issueCode(database, { purpose: 'two-factor', subject: '7', ttlMs: 10 * 60_000, now: t0 });
    expect(first.code).toMatch(/^\d{6}$/);
    const { code } = await issueCode(database, { purpose: 'two-factor', subject: '7', ttlMs: 10 * 60_000, now: t0 });
    expect(await storedColumns()).not.toMatch(new RegExp(`"${code}"`));
    if (first.code !== code) expect(await consumeCode(database, { purpose: 'two-factor', subject: '7', code: first.code, now: t0, attempts })).toEqual({ ok: false, reason: 'INVALID' });
    expect(await consumeCode(database, { purpose: 'two-factor', subject: '8', code, now: t0, attempts })).toEqual({ ok: false, reason: 'INVALID' });
    expect(await consumeCode(database, { purpose: 'two-factor', subject: '7', code, now: t0, attempts })).toEqual({ ok: true, data: null });
    expect(await consumeCode(database, { purpose: 'two-factor', subject: '7', code, now: t0, attempts })).toEqual({ ok: false, reason: 'INVALID' });
  });

  it('compares at most the limit of 50 concurrent guesses, then burns the code', async () => {
    const { code } = await issueCode(database, { purpose: 'two-factor', subject: '9', ttlMs: 10 * 60_000, now: t0 });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(Array.from({ length: 50 }, () => consumeCode(database, { purpose: 'two-factor', subject: '9', code: wrong, now: t0, attempts })));
    expect(guesses.filter((g) => !g.ok && g.reason === 'INVALID')).toHaveLength(5);
    expect(guesses.filter((g) => !g.ok && g.reason === 'BLOCKED')).toHaveLength(45);
    expect(await consumeCode(database, { purpose: 'two-factor', subject: '9', code, now: t0, attempts })).toMatchObject({ ok: false, reason: 'BLOCKED', retryAfterMs: HOUR });
    // Even once the window has passed, the code guessed at is spent.
    expect(await consumeCode(database, { purpose: 'two-factor', subject: '9', code, now: at(HOUR + 1), attempts })).toEqual({ ok: false, reason: 'INVALID' });
  });
});

describe('the daily purge', () => {
  it('removes secrets a day after their expiry or use, and keeps the live ones', async () => {
    const { purgeAuthRecords } = await import('./authPurge.ts');
    const live = await issueToken(database, { purpose: 'purge', subject: 'live', ttlMs: 3 * 86_400_000, now: t0 });
    await issueToken(database, { purpose: 'purge', subject: 'old', ttlMs: HOUR, now: t0 });
    const used = await issueToken(database, { purpose: 'purge', subject: 'used', ttlMs: 3 * 86_400_000, now: t0 });
    await consumeToken(database, { purpose: 'purge', token: used.token, now: t0 });
    await purgeAuthRecords(database, at(2 * 86_400_000));
    const { rows } = await database.sql.query<{ subject: string }>("SELECT subject FROM purpose_secrets WHERE purpose = 'purge'");
    expect(rows.map((r) => r.subject)).toEqual(['live']);
    expect(await consumeToken(database, { purpose: 'purge', token: live.token, now: at(2 * 86_400_000) })).toMatchObject({ subject: 'live' });
  });
});
