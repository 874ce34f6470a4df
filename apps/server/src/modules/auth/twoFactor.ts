import { OTP_CODE_LENGTH, OTP_RESEND_SECONDS, type OtpContact, type TwoFactorMethod, isOtpContact, normalizePhone } from '@sitelens/domain';
import { eq } from 'drizzle-orm';
import type { Context } from '../../graphql/context.ts';
import { AppError, badInput } from '../../graphql/errors.ts';
import { users } from '../users/users.tables.ts';
import { type UserRow, findUserById, lastUsedOrganizationOf } from '../users/users.repo.ts';
import { refuseWhileViewingAs, requireCaller } from '../access/access.ts';
import { checkRecoverySignIn, checkTotpSignIn, forgetAuthenticator, looksLikeRecoveryCode, newRecoveryCodes } from './authenticator.ts';
import { clearAttempts, releaseAttempt, takeAttempt } from './attemptLimiter.ts';
import { loginAttemptKeys } from './loginRateLimit.ts';
import { consumeCode, consumeToken, hasLiveCode, issueCode, issueToken, peekToken } from './purposeSecrets.ts';
import { type CodeReason, codeEmail, codeSms } from './signin.messages.ts';
import { PENDING_OTP_COOKIE, clearPendingOtpCookie, readCookie, writePendingOtpCookie } from './signinCookies.ts';
import { clientAddress } from '../../http/clientAddress.ts';

const SIGNIN_CODE = 'login-otp';
const PENDING = 'login-2fa-pending';
const VERIFY_CODE = 'verify-otp-contact';
export const CODE_MINUTES = 10;
/** Wrong codes per code: past them the code is burned and a new one is needed. */
export const CODE_TRIES = 5;
/** Codes sent per user per hour (besides one per OTP_RESEND_SECONDS). */
export const CODES_PER_HOUR = 10;

const codeTryWindow = { limit: CODE_TRIES, windowMs: CODE_MINUTES * 60_000 };

/** Where a user's code goes for a method; null when the user has no usable contact of that kind. */
function contactOf(user: UserRow, method: OtpContact): string | null {
  if (method === 'email') return user.email;
  const phone = user.phone ? normalizePhone(user.phone) : null;
  return phone ? phone : null;
}

/**
 * The method a sign-in code goes by: the user's otpContact, or e-mail when the phone (or the
 * authenticator's secret) is gone.
 */
export function signInMethod(user: UserRow): TwoFactorMethod | null {
  if (user.otpContact === 'totp') return user.totpSecret ? 'totp' : 'email';
  if (!isOtpContact(user.otpContact)) return null;
  return contactOf(user, user.otpContact) ? user.otpContact : 'email';
}

/**
 * Issues and sends a code, at most one per OTP_RESEND_SECONDS and CODES_PER_HOUR per user; a new
 * code replaces the earlier one and gives back its tries. False when a code was sent too recently.
 */
async function sendCode(ctx: Context, user: UserRow, method: OtpContact, purpose: string, reason: CodeReason, data?: unknown): Promise<{ sent: boolean; retryAfterMs: number }> {
  const now = ctx.now();
  const pace = await takeAttempt(ctx.database, [`otp-send:${user.id}`], { limit: 1, windowMs: OTP_RESEND_SECONDS * 1000, now });
  if (!pace.allowed) return { sent: false, retryAfterMs: pace.retryAfterMs };
  const hourly = await takeAttempt(ctx.database, [`otp-send-hour:${user.id}`], { limit: CODES_PER_HOUR, windowMs: 3600_000, now });
  if (!hourly.allowed) return { sent: false, retryAfterMs: hourly.retryAfterMs };
  const contact = contactOf(user, method);
  if (!contact) throw badInput('otpContact', 'errors.invalidPhone');
  const { code } = await issueCode(ctx.database, { purpose, subject: String(user.id), ttlMs: CODE_MINUTES * 60_000, now, digits: OTP_CODE_LENGTH, data });
  await clearAttempts(ctx.database, [`code:${purpose}:${user.id}`]);
  const message = { code, minutes: CODE_MINUTES, reason };
  if (method === 'email') await ctx.messages.email({ template: codeEmail, data: message, to: { address: contact, lang: user.lang, userId: user.id }, organizationId: null });
  else await ctx.messages.sms({ template: codeSms, data: message, to: { phone: contact, lang: user.lang, userId: user.id }, organizationId: null });
  return { sent: true, retryAfterMs: OTP_RESEND_SECONDS * 1000 };
}

/**
 * The second step of a sign-in whose password was right (auth state 2FA): a pending sign-in named
 * by an HttpOnly cookie, and a code sent to the user's otpContact. Answered as LOGIN_OTP_REQUIRED.
 */
export async function startOtpChallenge(ctx: Context, user: UserRow, method: TwoFactorMethod): Promise<never> {
  const { token } = await issueToken(ctx.database, { purpose: PENDING, subject: String(user.id), ttlMs: CODE_MINUTES * 60_000, now: ctx.now() });
  writePendingOtpCookie(ctx, token, CODE_MINUTES * 60_000);
  // The authenticator app shows the code: nothing is sent.
  if (method === 'totp') throw new AppError('LOGIN_OTP_REQUIRED', { authState: '2FA', otpContact: method, resendAfterSeconds: 0, codeLength: OTP_CODE_LENGTH, codeSent: false, liveCode: false });
  const { sent, retryAfterMs } = await sendCode(ctx, user, method, SIGNIN_CODE, 'signIn');
  // Issue 29.19: the page says whether a code went out now, and whether an earlier one still works
  // (none was sent within the last minute, or the earlier one was burned by wrong tries).
  const liveCode = sent || (await hasLiveCode(ctx.database, { purpose: SIGNIN_CODE, subject: String(user.id), now: ctx.now() }));
  throw new AppError('LOGIN_OTP_REQUIRED', { authState: '2FA', otpContact: method, resendAfterSeconds: Math.ceil(retryAfterMs / 1000), codeLength: OTP_CODE_LENGTH, codeSent: sent, liveCode });
}

async function pendingUser(ctx: Context): Promise<{ user: UserRow; token: string; method: TwoFactorMethod }> {
  const token = readCookie(ctx.request, PENDING_OTP_COOKIE);
  const pending = token ? await peekToken(ctx.database, { purpose: PENDING, token, now: ctx.now() }) : null;
  const user = pending ? await findUserById(ctx.database, Number(pending.subject)) : null;
  const method = user ? signInMethod(user) : null;
  // A membership made inactive since the password step: the pending sign-in is over (no code sent).
  if (!token || !user || !method || (await lastUsedOrganizationOf(ctx.database, user.id)) === null) throw new AppError('OTP_SIGNIN_EXPIRED');
  return { user, token, method };
}

/**
 * The code of a pending sign-in; the right one (once, in time, within its tries) signs in. The code
 * is the one sent, the authenticator's, or one of the user's recovery codes.
 */
export async function loginWithOtpToken(ctx: Context, otp: string, signIn: (user: UserRow) => Promise<string>): Promise<string> {
  const now = ctx.now();
  const { user, token, method } = await pendingUser(ctx);
  const address = loginAttemptKeys(ctx.config, user.email, clientAddress(ctx.request.ip)).filter((k) => k.key.startsWith('login:address:'));
  const attempt = await takeAttempt(ctx.database, address, { windowMs: ctx.config.LOGIN_RATE_WINDOW_SECONDS * 1000, now });
  if (!attempt.allowed) throw new AppError('LOGIN_RATE_LIMITED', { retryAfterSeconds: Math.ceil(attempt.retryAfterMs / 1000) });
  if (looksLikeRecoveryCode(otp)) await checkRecoverySignIn(ctx, user, otp);
  else if (method === 'totp') await checkTotpSignIn(ctx, user, otp);
  else {
    const result = await consumeCode(ctx.database, { purpose: SIGNIN_CODE, subject: String(user.id), code: otp, now, attempts: codeTryWindow });
    if (!result.ok) throw new AppError(result.reason === 'BLOCKED' ? 'OTP_BLOCKED' : 'OTP_INVALID', { factor: 'sent' });
  }
  await releaseAttempt(ctx.database, attempt.taken);
  if (!(await consumeToken(ctx.database, { purpose: PENDING, token, now }))) throw new AppError('OTP_SIGNIN_EXPIRED');
  clearPendingOtpCookie(ctx);
  return signIn(user);
}

/** A new code for the pending sign-in, once the 60-second countdown is over. */
export async function resendLoginOtp(ctx: Context): Promise<number> {
  const { user, method } = await pendingUser(ctx);
  if (method === 'totp') throw badInput('otpContact', 'errors.invalidOtpContact');
  const { sent, retryAfterMs } = await sendCode(ctx, user, method, SIGNIN_CODE, 'signIn');
  if (!sent) throw new AppError('OTP_RESEND_TOO_SOON', { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) });
  return Math.ceil(retryAfterMs / 1000);
}

export interface OtpContactUpdate {
  user: UserRow;
  /** The method a confirmation code was just sent to; null when the change is done. */
  codeSentTo: OtpContact | null;
  /** The new recovery codes when two-factor was just switched on (shown once). */
  recoveryCodes: string[] | null;
}

/**
 * Two-factor on (by e-mail or phone) or off for the signed-in user. A verified contact is taken at
 * once; an unverified one first gets a code, and the same call with that `code` verifies it and
 * turns two-factor on. An administrator viewing as the user cannot change it.
 */
export async function updateOtpContact(ctx: Context, otpContact: string | null, code: string | null): Promise<OtpContactUpdate> {
  const caller = requireCaller(ctx);
  refuseWhileViewingAs(caller);
  const user = (await findUserById(ctx.database, caller.userId))!;
  if (otpContact === null || otpContact === '') {
    await forgetAuthenticator(ctx.database, user.id, { recoveryCodes: true });
    return { user: await setOtp(ctx, user.id, { otpContact: null }), codeSentTo: null, recoveryCodes: null };
  }
  if (!isOtpContact(otpContact)) throw badInput('otpContact', 'errors.invalidOtpContact');
  const contact = contactOf(user, otpContact);
  if (!contact) throw badInput('otpContact', 'errors.invalidPhone');
  const verified = otpContact === 'email' ? user.isEmailVerified : user.isPhoneVerified;
  if (verified) return switchedTo(ctx, user, { otpContact });
  if (!code) {
    const { sent, retryAfterMs } = await sendCode(ctx, user, otpContact, VERIFY_CODE, 'verify', { method: otpContact, contact });
    if (!sent) throw new AppError('OTP_RESEND_TOO_SOON', { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) });
    return { user, codeSentTo: otpContact, recoveryCodes: null };
  }
  const result = await consumeCode(ctx.database, { purpose: VERIFY_CODE, subject: String(user.id), code, now: ctx.now(), attempts: codeTryWindow });
  if (!result.ok) throw new AppError(result.reason === 'BLOCKED' ? 'OTP_BLOCKED' : 'OTP_INVALID');
  // The code proves the contact it was sent to, for the method it was asked for.
  const sentTo = result.data as { method?: string; contact?: string } | null;
  if (sentTo?.method !== otpContact || sentTo.contact !== contact) throw new AppError('OTP_INVALID');
  const flag = otpContact === 'email' ? { isEmailVerified: true } : { isPhoneVerified: true };
  return switchedTo(ctx, user, { otpContact, ...flag });
}

/** A sent-code method set: the authenticator is forgotten, and switching on brings recovery codes. */
async function switchedTo(ctx: Context, before: UserRow, patch: Parameters<typeof setOtp>[2]): Promise<OtpContactUpdate> {
  await forgetAuthenticator(ctx.database, before.id, { recoveryCodes: false });
  const user = await setOtp(ctx, before.id, patch);
  const recoveryCodes = before.otpContact ? null : await newRecoveryCodes(ctx.database, before.id);
  return { user, codeSentTo: null, recoveryCodes };
}

async function setOtp(ctx: Context, userId: number, patch: Partial<Pick<UserRow, 'otpContact' | 'isEmailVerified' | 'isPhoneVerified'>>): Promise<UserRow> {
  const [row] = await ctx.database.db.update(users).set(patch).where(eq(users.id, userId)).returning();
  return row!;
}
