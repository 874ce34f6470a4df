import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { releaseAttempt, takeAttempt } from './attemptLimiter.ts';
import { purposeSecrets } from './auth.tables.ts';

/**
 * Single-purpose secrets: a password-reset link, a one-time sign-in code, an invitation. Each is
 * issued for one purpose and one subject (a user id, an e-mail), expires, is stored only as a
 * SHA-256 digest, and is consumed at most once, atomically (one UPDATE ... WHERE consumed_at IS
 * NULL: of two concurrent uses, one wins). A token is long and random, so its digest alone finds
 * it; a code is short, so it is checked only against its subject, each try is counted first by the
 * attempt limiter, and the subject's live codes are burned once the limit is reached.
 */

export interface IssueOptions {
  purpose: string;
  subject: string;
  ttlMs: number;
  now: Date;
  /** What the consumer needs back (the invited organization, the new e-mail); not secret. */
  data?: unknown;
}

export interface CodeAttempts {
  /** Wrong codes allowed per subject and purpose within the window. */
  limit: number;
  windowMs: number;
}

export type CodeResult = { ok: true; data: unknown } | { ok: false; reason: 'INVALID' } | { ok: false; reason: 'BLOCKED'; retryAfterMs: number };

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
// A code is bound to its purpose and subject: the same six digits mean nothing for anyone else.
const codeDigest = (purpose: string, subject: string, code: string) => sha256(`${purpose}\u0000${subject}\u0000${code}`);

/** A random 256-bit token (base64url), e.g. for a link. Earlier tokens of the subject stay valid. */
export async function issueToken(database: Database, opts: IssueOptions): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(opts.now.getTime() + opts.ttlMs);
  await database.db.insert(purposeSecrets).values({ purpose: opts.purpose, subject: opts.subject, kind: 'token', digest: sha256(token), data: opts.data ?? null, expiresAt });
  return { token, expiresAt };
}

/** A numeric code of `digits` digits; it replaces the subject's earlier codes for the purpose. */
export async function issueCode(database: Database, opts: IssueOptions & { digits?: number }): Promise<{ code: string; expiresAt: Date }> {
  const digits = opts.digits ?? 6;
  if (!Number.isInteger(digits) || digits < 6 || digits > 12) throw new Error('a code has 6 to 12 digits');
  const code = String(randomInt(0, 10 ** digits)).padStart(digits, '0');
  const expiresAt = new Date(opts.now.getTime() + opts.ttlMs);
  await revokeSecrets(database, { purpose: opts.purpose, subject: opts.subject, kind: 'code', now: opts.now });
  await database.db
    .insert(purposeSecrets)
    .values({ purpose: opts.purpose, subject: opts.subject, kind: 'code', digest: codeDigest(opts.purpose, opts.subject, code), data: opts.data ?? null, expiresAt });
  return { code, expiresAt };
}

/** The row of a token of this purpose that is neither used nor expired. */
const liveToken = (opts: { purpose: string; token: string; now: Date }) =>
  and(
    eq(purposeSecrets.purpose, opts.purpose),
    eq(purposeSecrets.digest, sha256(opts.token)),
    eq(purposeSecrets.kind, 'token'),
    isNull(purposeSecrets.consumedAt),
    gt(purposeSecrets.expiresAt, opts.now),
  );

/** The subject and data of a live token of this purpose, which is consumed; null otherwise. */
export async function consumeToken(database: Database, opts: { purpose: string; token: string; now: Date }): Promise<{ subject: string; data: unknown } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(opts.token)) return null;
  const [row] = await database.db
    .update(purposeSecrets)
    .set({ consumedAt: opts.now })
    .where(liveToken(opts))
    .returning({ subject: purposeSecrets.subject, data: purposeSecrets.data });
  return row ?? null;
}

/**
 * Consumes the subject's live code when it matches. The try is counted before the code is
 * compared, so parallel guesses get at most `attempts.limit` comparisons; past it the subject's
 * codes are burned and a new one must be issued. A right code gives its try back.
 */
export async function consumeCode(database: Database, opts: { purpose: string; subject: string; code: string; now: Date; attempts: CodeAttempts }): Promise<CodeResult> {
  const attempt = await takeAttempt(database, [`code:${opts.purpose}:${opts.subject}`], { limit: opts.attempts.limit, windowMs: opts.attempts.windowMs, now: opts.now });
  if (!attempt.allowed) {
    await revokeSecrets(database, { purpose: opts.purpose, subject: opts.subject, kind: 'code', now: opts.now });
    return { ok: false, reason: 'BLOCKED', retryAfterMs: attempt.retryAfterMs };
  }
  const code = opts.code.trim();
  if (!/^\d{6,12}$/.test(code)) return { ok: false, reason: 'INVALID' };
  const [row] = await database.db
    .update(purposeSecrets)
    .set({ consumedAt: opts.now })
    .where(
      and(
        eq(purposeSecrets.purpose, opts.purpose),
        eq(purposeSecrets.subject, opts.subject),
        eq(purposeSecrets.digest, codeDigest(opts.purpose, opts.subject, code)),
        eq(purposeSecrets.kind, 'code'),
        isNull(purposeSecrets.consumedAt),
        gt(purposeSecrets.expiresAt, opts.now),
      ),
    )
    .returning({ data: purposeSecrets.data });
  if (!row) return { ok: false, reason: 'INVALID' };
  await releaseAttempt(database, attempt.taken);
  return { ok: true, data: row.data };
}

/**
 * Ends the subject's live secrets (of one purpose, one kind, or all): a password changed, an
 * invitation withdrawn, a user removed. Returns how many were live.
 */
export async function revokeSecrets(database: Database, opts: { subject: string; purpose?: string; kind?: 'token' | 'code'; now: Date }): Promise<number> {
  const rows = await database.db
    .update(purposeSecrets)
    .set({ consumedAt: opts.now })
    .where(
      and(
        eq(purposeSecrets.subject, opts.subject),
        opts.purpose === undefined ? undefined : eq(purposeSecrets.purpose, opts.purpose),
        opts.kind === undefined ? undefined : eq(purposeSecrets.kind, opts.kind),
        isNull(purposeSecrets.consumedAt),
        gt(purposeSecrets.expiresAt, opts.now),
      ),
    )
    .returning({ id: purposeSecrets.id });
  return rows.length;
}

/**
 * The subject and data of a live token, without using it: a pending two-factor sign-in is named by
 * its token on every code try, and consumed only once the right code signs the user in.
 */
export async function peekToken(database: Database, opts: { purpose: string; token: string; now: Date }): Promise<{ subject: string; data: unknown } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(opts.token)) return null;
  const [row] = await database.db
    .select({ subject: purposeSecrets.subject, data: purposeSecrets.data })
    .from(purposeSecrets)
    .where(liveToken(opts));
  return row ?? null;
}

/** Whether the subject has a code of this purpose that can still be used (not used, burned or expired). */
export async function hasLiveCode(database: Database, opts: { purpose: string; subject: string; now: Date }): Promise<boolean> {
  const rows = await database.db
    .select({ id: purposeSecrets.id })
    .from(purposeSecrets)
    .where(
      and(
        eq(purposeSecrets.purpose, opts.purpose),
        eq(purposeSecrets.subject, opts.subject),
        eq(purposeSecrets.kind, 'code'),
        isNull(purposeSecrets.consumedAt),
        gt(purposeSecrets.expiresAt, opts.now),
      ),
    )
    .limit(1);
  return rows.length === 1;
}

/**
 * What a token of this purpose is now, without using it: LIVE, USED (consumed, or revoked by a
 * later event), EXPIRED, or UNKNOWN (never issued for this purpose).
 */
export async function tokenState(database: Database, opts: { purpose: string; token: string; now: Date }): Promise<'LIVE' | 'USED' | 'EXPIRED' | 'UNKNOWN'> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(opts.token)) return 'UNKNOWN';
  const [row] = await database.db
    .select({ consumedAt: purposeSecrets.consumedAt, expiresAt: purposeSecrets.expiresAt })
    .from(purposeSecrets)
    .where(and(eq(purposeSecrets.purpose, opts.purpose), eq(purposeSecrets.digest, sha256(opts.token)), eq(purposeSecrets.kind, 'token')));
  if (!row) return 'UNKNOWN';
  if (row.consumedAt) return 'USED';
  return row.expiresAt > opts.now ? 'LIVE' : 'EXPIRED';
}
