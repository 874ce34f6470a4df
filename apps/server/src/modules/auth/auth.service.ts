import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Context } from '../../graphql/context.ts';
import { AppError } from '../../graphql/errors.ts';
import { findCallerRow, findUserByEmail, lastUsedOrganizationOf, markOrganizationUsed } from '../users/users.repo.ts';
import { users } from '../users/users.tables.ts';
import { type AttemptDecision, releaseAttempt, takeAttempt, takeDelayedAttempt } from './attemptLimiter.ts';
import { LOGIN_DELAY_BASE_MS, loginAttemptKeys } from './loginRateLimit.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { SESSION_MS, liveSessionBySecret, liveSessionBySid, renewSession, revokeSession, startSession } from './sessions.ts';
import { signAccessToken } from './tokens.ts';
import { browserLabel } from './browserLabel.ts';
import { labelSession } from './sessions.repo.ts';
import { isTrustedBrowser } from './trustedBrowsers.ts';
import { signInMethod, startOtpChallenge } from './twoFactor.ts';
import { knownDevice, writeDeviceCookie } from './deviceCookie.ts';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './sessionCookie.ts';
import { clientAddress } from '../../http/clientAddress.ts';

export async function login(ctx: Context, emailInput: string, password: string): Promise<string> {
  const email = emailInput.trim().toLowerCase();
  const now = ctx.now();
  // Counted before the password is checked, atomically: parallel attempts cannot all pass a check
  // made before any of them is recorded.
  // A browser that signed in to this account before is counted on its own (issue 28 item 8):
  // failures elsewhere, on the account or from the office's address, do not lock its owner out.
  const user = await findUserByEmail(ctx.database, email);
  const device = user ? knownDevice(ctx, user.id) : null;
  const attempt = user && device ? await takeDeviceAttempt(ctx, user.id, device, now) : await takeBrowserAttempt(ctx, email, now);
  if (!attempt.allowed) throw new AppError('LOGIN_RATE_LIMITED', { retryAfterSeconds: Math.ceil(attempt.retryAfterMs / 1000) });
  // Verify even without a user so that timing does not tell which e-mails exist.
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  // No active membership anywhere: answered as a wrong password, so the answer does not tell that
  // the account exists (docs/decisions.md "Sign-in without an active membership").
  if (!user || !ok || (await lastUsedOrganizationOf(ctx.database, user.id)) === null) throw new AppError('LOGIN_WRONG_CREDENTIALS');
  await releaseAttempt(ctx.database, attempt.taken);
  // Auth state 2FA: the right password of an account with two-factor, on a browser it does not trust.
  const method = signInMethod(user);
  if (method && !(await isTrustedBrowser(ctx, user.id))) return startOtpChallenge(ctx, user, method);
  return signInUser(ctx, user.id);
}

function takeDeviceAttempt(ctx: Context, userId: number, device: string, now: Date): Promise<AttemptDecision> {
  return takeAttempt(ctx.database, [{ key: `login:device:${userId}:${device}`, limit: ctx.config.LOGIN_RATE_LIMIT }], { windowMs: ctx.config.LOGIN_RATE_WINDOW_SECONDS * 1000, now });
}

/**
 * Any other browser: the client address's key (a fixed window), then the account's, which past its
 * limit slows down (LOGIN_DELAY_BASE_MS, doubling) rather than refusing until its window ends.
 */
async function takeBrowserAttempt(ctx: Context, email: string, now: Date): Promise<AttemptDecision> {
  const windowMs = ctx.config.LOGIN_RATE_WINDOW_SECONDS * 1000;
  const [account, address] = loginAttemptKeys(ctx.config, email, clientAddress(ctx.request.ip));
  const byAddress = await takeAttempt(ctx.database, [address!], { windowMs, now });
  if (!byAddress.allowed) return byAddress;
  const byAccount = await takeDelayedAttempt(ctx.database, account!.key, { limit: account!.limit, windowMs, baseMs: LOGIN_DELAY_BASE_MS, now });
  if (!byAccount.allowed) {
    await releaseAttempt(ctx.database, byAddress.taken);
    return byAccount;
  }
  return { allowed: true, taken: { windows: [...byAddress.taken.windows, ...byAccount.taken.windows] } };
}

/** Starts a session for a user who proved who they are, sets its cookie and returns an access token. */
export async function signInUser(ctx: Context, userId: number): Promise<string> {
  const now = ctx.now();
  // The organization used last (issue 28.3); the sign-in page offers the others to a user of several.
  const organizationId = await lastUsedOrganizationOf(ctx.database, userId);
  // Every path checks first with its own answer; this is the last guard: no membership, no session.
  if (organizationId === null) throw new AppError('LOGIN_WRONG_CREDENTIALS');
  const session = await startSession(ctx.database, { userId, now, organizationId });
  await markOrganizationUsed(ctx.database, userId, organizationId, now);
  await labelSession(ctx.database, session.sid, browserLabel(ctx.request.headers['user-agent']));
  writeSessionCookie(ctx, session.secret, SESSION_MS);
  writeDeviceCookie(ctx, userId);
  await ctx.database.db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
  return signAccessToken(ctx.keys, { userId, adminUserId: null, sid: session.sid }, now);
}

/**
 * A fresh access token for a live session, named by a valid bearer or, after a reload, by the
 * session cookie; null when neither names one (signed out, revoked, expired, user removed or
 * without an active membership).
 */
export async function renew(ctx: Context): Promise<string | null> {
  const now = ctx.now();
  if (ctx.caller?.sessionId && ctx.caller.adminUserId !== null) {
    // A view-as session is never extended: the same end, in a fresh token.
    const session = await liveSessionBySid(ctx.database, ctx.caller.sessionId, now);
    return session ? signAccessToken(ctx.keys, { userId: ctx.caller.userId, adminUserId: ctx.caller.adminUserId, sid: session.sid }, now, session.expiresAt) : null;
  }
  if (ctx.caller?.sessionId) {
    // loadCaller has found the bearer's session live.
    await renewSession(ctx.database, ctx.caller.sessionId, now);
    return signAccessToken(ctx.keys, { userId: ctx.caller.userId, adminUserId: ctx.caller.adminUserId, sid: ctx.caller.sessionId }, now);
  }
  const secret = readSessionCookie(ctx.request);
  if (!secret) return null;
  const session = await liveSessionBySecret(ctx.database, secret, now);
  // A user removed, or without an active membership left, renews nothing (as loadCaller refuses them).
  if (!session || !(await findCallerRow(ctx.database, session.userId, session.organizationId))?.organizationIds.length) return null;
  await renewSession(ctx.database, session.sid, now);
  writeSessionCookie(ctx, secret, SESSION_MS);
  return signAccessToken(ctx.keys, { userId: session.userId, adminUserId: session.adminUserId, sid: session.sid }, now);
}

/** Ends the session of the cookie and of the bearer: neither renews nor answers afterwards. */
export async function logout(ctx: Context): Promise<boolean> {
  const secret = readSessionCookie(ctx.request);
  if (secret) await revokeSession(ctx.database, { secret });
  if (ctx.caller?.sessionId) await revokeSession(ctx.database, { sid: ctx.caller.sessionId });
  clearSessionCookie(ctx);
  return true;
}

// Hash of a random string nobody knows: unknown e-mails cost the same time as wrong passwords.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
