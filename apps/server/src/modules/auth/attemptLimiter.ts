import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.ts';

/** A limited key and how many attempts it may take per window (`account:ana@acme.test`, `address:10.0.0.1`). */
export interface LimitedKey {
  key: string;
  limit: number;
}

export interface AttemptOptions {
  /** The limit of keys given as bare strings. */
  limit?: number;
  windowMs: number;
  now: Date;
}

/** What an allowed attempt took, to give back with releaseAttempt when it succeeded. */
export interface TakenAttempt {
  windows: Array<{ key: string; windowEndsAt: Date }>;
}

export type AttemptDecision =
  | { allowed: true; taken: TakenAttempt }
  | { allowed: false; retryAfterMs: number; blockedKeys: string[] };

/**
 * Counts one attempt on every key, atomically, BEFORE the guarded check (a password, a code) runs:
 * one INSERT ... ON CONFLICT DO UPDATE increments each key's counter under its row lock and returns
 * the new count, so N concurrent attempts receive the counts 1..N and at most `limit` of them are
 * allowed, on PGlite as on PostgreSQL with many processes. A key's window opens at its first
 * attempt and ends `windowMs` later (then the count starts again at 1); refused attempts are
 * counted too but do not extend the window. Keys are taken in one order so that two calls never
 * wait on each other's rows.
 */
export async function takeAttempt(database: Database, keys: ReadonlyArray<string | LimitedKey>, opts: AttemptOptions): Promise<AttemptDecision> {
  const limits = new Map<string, number>();
  for (const k of keys) {
    const { key, limit } = typeof k === 'string' ? { key: k, limit: opts.limit } : k;
    if (limit === undefined || !Number.isInteger(limit) || limit < 1) throw new Error(`attempt limit missing or invalid for ${key}`);
    limits.set(key, Math.min(limits.get(key) ?? limit, limit));
  }
  const ordered = [...limits.keys()].sort();
  if (ordered.length === 0) throw new Error('takeAttempt needs at least one key');
  const params: unknown[] = [opts.now.toISOString(), new Date(opts.now.getTime() + opts.windowMs).toISOString()];
  const values = ordered.map((key) => {
    params.push(key);
    return `($${params.length}, 1, $2::timestamptz)`;
  });
  const { rows } = await database.sql.query<{ key: string; count: number; window_ends_at: Date | string }>(
    `INSERT INTO attempt_counters AS c (key, count, window_ends_at) VALUES ${values.join(', ')}
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN c.window_ends_at <= $1::timestamptz THEN 1 ELSE c.count + 1 END,
       window_ends_at = CASE WHEN c.window_ends_at <= $1::timestamptz THEN EXCLUDED.window_ends_at ELSE c.window_ends_at END
     RETURNING key, count, window_ends_at`,
    params,
  );
  const windows = rows.map((r) => ({ key: r.key, count: Number(r.count), windowEndsAt: new Date(r.window_ends_at) }));
  const blocked = windows.filter((w) => w.count > limits.get(w.key)!);
  if (blocked.length === 0) return { allowed: true, taken: { windows: windows.map(({ key, windowEndsAt }) => ({ key, windowEndsAt })) } };
  const retryAfterMs = Math.max(...blocked.map((w) => w.windowEndsAt.getTime() - opts.now.getTime()), 0);
  return { allowed: false, retryAfterMs, blockedKeys: blocked.map((w) => w.key) };
}

/**
 * Gives back an allowed attempt that succeeded (the right password), so that people who sign in
 * often are never limited; only failures keep counting. A window that has restarted since is left alone.
 */
export async function releaseAttempt(database: Database, taken: TakenAttempt): Promise<void> {
  for (const w of taken.windows) {
    await database.sql.query('UPDATE attempt_counters SET count = count - 1 WHERE key = $1 AND window_ends_at = $2::timestamptz AND count > 0', [
      w.key,
      w.windowEndsAt.toISOString(),
    ]);
  }
}

/** Forgets the attempts of these keys (a completed reset, an administrator unlocking an account). */
export async function clearAttempts(database: Database, keys: readonly string[]): Promise<void> {
  for (const key of keys) await database.sql.query('DELETE FROM attempt_counters WHERE key = $1', [key]);
}

/** Deletes counters whose window has ended; they would restart at 1 anyway. */
export async function pruneAttemptCounters(database: Database, now: Date): Promise<number> {
  const { rows } = await database.sql.query<{ key: string }>('DELETE FROM attempt_counters WHERE window_ends_at <= $1::timestamptz RETURNING key', [
    now.toISOString(),
  ]);
  return rows.length;
}

/**
 * One key that slows instead of locking (issue 28 item 8): within its window the first `limit`
 * attempts pass; past them one attempt passes per delay, `baseMs` after the last counted one and
 * doubling with each (at most until the window ends). Attempts refused for being early are not
 * counted and do not push the delay. Atomic like takeAttempt: one upsert under the row's lock,
 * which says by a per-call token whether this call was the one counted.
 */
export async function takeDelayedAttempt(
  database: Database,
  key: string,
  opts: { limit: number; windowMs: number; baseMs: number; now: Date },
): Promise<AttemptDecision> {
  const token = randomUUID();
  const { rows } = await database.sql.query<{ count: number; window_ends_at: Date | string; last_at: Date | string | null; last_token: string | null }>(
    `INSERT INTO attempt_counters AS c (key, count, window_ends_at, last_at, last_token) VALUES ($3, 1, $2::timestamptz, $1::timestamptz, $6)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN c.window_ends_at <= $1::timestamptz THEN 1
                    WHEN c.count >= $4 AND $1::timestamptz < coalesce(c.last_at, '-infinity') + make_interval(secs => least($5 * power(2, c.count - $4), $7) / 1000.0) THEN c.count
                    ELSE c.count + 1 END,
       last_token = CASE WHEN c.window_ends_at <= $1::timestamptz THEN $6
                    WHEN c.count >= $4 AND $1::timestamptz < coalesce(c.last_at, '-infinity') + make_interval(secs => least($5 * power(2, c.count - $4), $7) / 1000.0) THEN c.last_token
                    ELSE $6 END,
       last_at = CASE WHEN c.window_ends_at <= $1::timestamptz THEN $1::timestamptz
                    WHEN c.count >= $4 AND $1::timestamptz < coalesce(c.last_at, '-infinity') + make_interval(secs => least($5 * power(2, c.count - $4), $7) / 1000.0) THEN c.last_at
                    ELSE $1::timestamptz END,
       window_ends_at = CASE WHEN c.window_ends_at <= $1::timestamptz THEN EXCLUDED.window_ends_at ELSE c.window_ends_at END
     RETURNING count, window_ends_at, last_at, last_token`,
    [opts.now.toISOString(), new Date(opts.now.getTime() + opts.windowMs).toISOString(), key, opts.limit, opts.baseMs, token, opts.windowMs],
  );
  const row = rows[0]!;
  const windowEndsAt = new Date(row.window_ends_at);
  if (row.last_token === token) return { allowed: true, taken: { windows: [{ key, windowEndsAt }] } };
  const delayMs = Math.min(opts.baseMs * 2 ** (Number(row.count) - opts.limit), opts.windowMs);
  const nextAt = Math.min(new Date(row.last_at ?? opts.now).getTime() + delayMs, windowEndsAt.getTime());
  return { allowed: false, retryAfterMs: Math.max(nextAt - opts.now.getTime(), 0), blockedKeys: [key] };
}
