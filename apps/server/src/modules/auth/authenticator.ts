import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, normalizeRecoveryCode } from '@sitelens/domain';
import { and, count, eq, isNull, or, lt, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verifySync } from 'otplib';
import type { Database } from '../../db/database.ts';
import type { Context } from '../../graphql/context.ts';
import { AppError, forbidden } from '../../graphql/errors.ts';
import { users } from '../users/users.tables.ts';
import { type UserRow, findUserById } from '../users/users.repo.ts';
import { refuseWhileViewingAs, requireCaller } from '../access/access.ts';
import { releaseAttempt, takeAttempt } from './attemptLimiter.ts';
import { recoveryCodes } from './auth.tables.ts';
import { openTotpSecret, sealTotpSecret } from './totpSecrets.ts';

/**
 * Two-factor by an authenticator app (RFC 6238: SHA-1, 6 digits, 30 s) and one-time recovery codes.
 * The secret is made on the server, shown once at enrolment (QR code and text) and never sent back;
 * a first valid code switches it on. A code is accepted one step either side of now, and each time
 * step signs in once (`totp_last_step`, advanced by one conditional UPDATE, so of two concurrent
 * uses of a code one wins). Wrong codes are counted per user like the e-mailed codes. The secret
 * is stored encrypted (AES-256-GCM, SECRETS_KEY: totpSecrets.ts).
 */

const ISSUER = 'Sitelens';
const PERIOD = 30;
/** Wrong authenticator or recovery codes per user within the window. */
export const TOTP_TRIES = 5;
const TRY_WINDOW_MS = 10 * 60_000;

export interface TotpEnrolment {
  secret: string;
  uri: string;
}

function notViewingAs(ctx: Context): number {
  const caller = requireCaller(ctx);
  refuseWhileViewingAs(caller);
  return caller.userId;
}

/** A new secret for the signed-in user, pending until confirmTotp; replaces an earlier pending one. */
export async function startTotpEnrolment(ctx: Context): Promise<TotpEnrolment> {
  const userId = notViewingAs(ctx);
  const user = (await findUserById(ctx.database, userId))!;
  const secret = generateSecret();
  await ctx.database.db.update(users).set({ totpPendingSecret: sealTotpSecret(ctx, userId, secret) }).where(eq(users.id, userId));
  return { secret, uri: generateURI({ issuer: ISSUER, label: user.email, secret, period: PERIOD }) };
}

/** The time step of a right code (±1 step), or null. */
function verifyCode(secret: string, code: string, now: Date): number | null {
  const token = code.trim();
  if (!/^\d{6}$/.test(token)) return null;
  const result = verifySync({ secret, token, epoch: Math.floor(now.getTime() / 1000), period: PERIOD, epochTolerance: PERIOD });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Which kind of code was refused, so the page names it (issue 29.19): the app's, or a recovery code. */
type CodeFactor = 'totp' | 'recovery';

async function countedTry<T>(ctx: Context, key: string, factor: CodeFactor, check: () => Promise<T | null>): Promise<T> {
  const attempt = await takeAttempt(ctx.database, [key], { limit: TOTP_TRIES, windowMs: TRY_WINDOW_MS, now: ctx.now() });
  if (!attempt.allowed) throw new AppError('OTP_BLOCKED', { retryAfterSeconds: Math.ceil(attempt.retryAfterMs / 1000), factor });
  const ok = await check();
  if (ok === null) throw new AppError('OTP_INVALID', { factor });
  await releaseAttempt(ctx.database, attempt.taken);
  return ok;
}

/** Uses the step of a right code once: false when that step (or a later one) already signed in. */
async function useStep(database: Database, userId: number, step: number): Promise<boolean> {
  const rows = await database.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * The first code from the app confirms the pending secret: two-factor is then by authenticator,
 * and a new set of recovery codes is returned (shown once).
 */
export async function confirmTotp(ctx: Context, code: string): Promise<{ user: UserRow; recoveryCodes: string[] }> {
  const userId = notViewingAs(ctx);
  const user = (await findUserById(ctx.database, userId))!;
  const pending = user.totpPendingSecret;
  if (!pending) throw new AppError('OTP_SIGNIN_EXPIRED');
  const clear = await openTotpSecret(ctx, userId, pending);
  const step = await countedTry(ctx, `code:totp-enrol:${userId}`, 'totp', async () => verifyCode(clear, code, ctx.now()));
  const [row] = await ctx.database.db
    .update(users)
    .set({ totpSecret: pending, totpPendingSecret: null, totpLastStep: step, otpContact: 'totp' })
    .where(and(eq(users.id, userId), eq(users.totpPendingSecret, pending)))
    .returning();
  if (!row) throw new AppError('OTP_INVALID');
  return { user: row, recoveryCodes: await newRecoveryCodes(ctx.database, userId) };
}

/** The sign-in code of a user whose method is the authenticator: right, in time, not used before. */
export async function checkTotpSignIn(ctx: Context, user: UserRow, code: string): Promise<void> {
  const secret = user.totpSecret ? await openTotpSecret(ctx, user.id, user.totpSecret) : null;
  await countedTry(ctx, `code:totp:${user.id}`, 'totp', async () => {
    const step = secret ? verifyCode(secret, code, ctx.now()) : null;
    return step !== null && (await useStep(ctx.database, user.id, step)) ? true : null;
  });
}

const recoveryDigest = (userId: number, code: string) => createHash('sha256').update(`recovery\u0000${userId}\u0000${code}`).digest('hex');
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** A new set of recovery codes (xxxxx-xxxxx) replacing the user's earlier set; only digests are kept. */
export async function newRecoveryCodes(database: Database, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
  await database.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await database.db.insert(recoveryCodes).values(codes.map((c) => ({ userId, digest: recoveryDigest(userId, c) })));
  return codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
}

/** Whether a value given at the code step is a recovery code rather than a numeric code. */
export const looksLikeRecoveryCode = (value: string) => normalizeRecoveryCode(value) !== null;

/** A recovery code instead of a code at sign-in: each is used once (one conditional UPDATE). */
export async function checkRecoverySignIn(ctx: Context, user: UserRow, value: string): Promise<void> {
  await countedTry(ctx, `code:recovery:${user.id}`, 'recovery', async () => {
    const code = normalizeRecoveryCode(value);
    if (!code) return null;
    const rows = await ctx.database.db
      .update(recoveryCodes)
      .set({ usedAt: ctx.now() })
      .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.digest, recoveryDigest(user.id, code)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return rows.length === 1 ? true : null;
  });
}

/** How many of the user's recovery codes are left. */
export async function recoveryCodesLeft(database: Database, userId: number): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** The signed-in user's new set of recovery codes (the old set stops working); two-factor must be on. */
export async function regenerateRecoveryCodes(ctx: Context): Promise<string[]> {
  const userId = notViewingAs(ctx);
  const user = (await findUserById(ctx.database, userId))!;
  if (!user.otpContact) throw forbidden();
  return newRecoveryCodes(ctx.database, userId);
}

/** Forgets the authenticator and the recovery codes: two-factor off, a method changed, a password reset. */
export async function forgetAuthenticator(database: Database, userId: number, opts: { recoveryCodes: boolean }): Promise<void> {
  await database.db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, otpContact: sql`CASE WHEN ${users.otpContact} = 'totp' THEN 'email' ELSE ${users.otpContact} END` })
    .where(eq(users.id, userId));
  if (opts.recoveryCodes) await database.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
