import { SESSION_COOKIE_HOURS } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { AppError } from '../../graphql/errors.ts';
import { findUserByEmail, findUserById } from '../users/users.repo.ts';
import { isLoginBlocked, recordLoginFailure } from './loginRateLimit.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { randomBytes } from 'node:crypto';
import { createSession, deleteSession, extendSessionExpiry, findLiveSession } from './sessions.repo.ts';
import { signAccessToken } from './tokens.ts';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './sessionCookie.ts';

const sessionMs = SESSION_COOKIE_HOURS * 3600 * 1000;

export async function login(ctx: Context, emailInput: string, password: string): Promise<string> {
  const email = emailInput.trim().toLowerCase();
  const now = ctx.now();
  const address = ctx.request.ip;
  const limits = { perAccount: ctx.config.LOGIN_RATE_LIMIT, windowSeconds: ctx.config.LOGIN_RATE_WINDOW_SECONDS };
  if (await isLoginBlocked(ctx.database, limits, email, address, now)) throw new AppError('LOGIN_RATE_LIMITED');
  const user = await findUserByEmail(ctx.database, email);
  // Verify even without a user so that timing does not tell which e-mails exist.
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !ok) {
    await recordLoginFailure(ctx.database, email, address, now);
    throw new AppError('LOGIN_WRONG_CREDENTIALS');
  }
  const secret = await createSession(ctx.database, user.id, null, new Date(now.getTime() + sessionMs));
  writeSessionCookie(ctx.reply, ctx.request, secret, sessionMs);
  return signAccessToken(ctx.keys, { userId: user.id, adminUserId: null }, now);
}

/** A fresh access token from a valid bearer or, after a reload, from the session cookie; null when neither holds. */
export async function renew(ctx: Context): Promise<string | null> {
  const now = ctx.now();
  if (ctx.caller) {
    return signAccessToken(ctx.keys, { userId: ctx.caller.userId, adminUserId: ctx.caller.adminUserId }, now);
  }
  const secret = readSessionCookie(ctx.request);
  if (!secret) return null;
  const session = await findLiveSession(ctx.database, secret, now);
  if (!session || !(await findUserById(ctx.database, session.userId))) return null;
  writeSessionCookie(ctx.reply, ctx.request, secret, sessionMs);
  await extendSessionExpiry(ctx.database, secret, new Date(now.getTime() + sessionMs));
  return signAccessToken(ctx.keys, { userId: session.userId, adminUserId: session.adminUserId }, now);
}

export async function logout(ctx: Context): Promise<boolean> {
  const secret = readSessionCookie(ctx.request);
  if (secret) await deleteSession(ctx.database, secret);
  clearSessionCookie(ctx.reply);
  return true;
}

// Hash of a random string nobody knows: unknown e-mails cost the same time as wrong passwords.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
