import { emailError, normalizePhone, passwordConfirmationError, passwordError } from '@sitelens/domain';
import { eq } from 'drizzle-orm';
import type { Context } from '../../graphql/context.ts';
import { AppError, badInput } from '../../graphql/errors.ts';
import { users } from '../users/users.tables.ts';
import { findUserByEmail, findUserById } from '../users/users.repo.ts';
import { refuseWhileViewingAs, requireCaller } from '../access/access.ts';
import { clearAttempts, releaseAttempt, takeAttempt } from './attemptLimiter.ts';
import { forgetAuthenticator } from './authenticator.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { consumeToken, issueToken, revokeSecrets, tokenState } from './purposeSecrets.ts';
import { revokeUserSessions } from './sessions.ts';
import { passwordResetEmail, passwordResetSms } from './signin.messages.ts';
import { revokeTrustedBrowsers } from './trustedBrowsers.ts';
import { clientAddress } from '../../http/clientAddress.ts';

const RESET_PURPOSE = 'password-reset';
export const RESET_LINK_MINUTES = 60;
/** Reset e-mails per account per hour, and requests (or unknown links) per client address per hour. */
export const RESETS_PER_ACCOUNT = 3;
export const RESETS_PER_ADDRESS = 20;
const HOUR_MS = 3600_000;

/**
 * "Forgot password": always the same answer, whether the address is an account or not, and
 * whether the account's e-mail quota is spent (no account discovery). Only the client address's
 * limit is told, since it says nothing about any account. A new link ends the earlier ones.
 */
export async function requestPasswordReset(ctx: Context, emailInput: string): Promise<boolean> {
  const now = ctx.now();
  const byAddress = await takeAttempt(ctx.database, [`reset:address:${clientAddress(ctx.request.ip)}`], { limit: RESETS_PER_ADDRESS, windowMs: HOUR_MS, now });
  if (!byAddress.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(byAddress.retryAfterMs / 1000) });
  if (emailError(emailInput)) throw badInput('email', emailError(emailInput)!);
  const user = await findUserByEmail(ctx.database, emailInput.trim().toLowerCase());
  if (!user || !user.passwordHash) return true;
  const byAccount = await takeAttempt(ctx.database, [`reset:account:${user.id}`], { limit: RESETS_PER_ACCOUNT, windowMs: HOUR_MS, now });
  if (!byAccount.allowed) return true;
  // Only the newest link works: an older e-mail left in a mailbox (or forwarded) is dead from now.
  await revokeSecrets(ctx.database, { subject: String(user.id), purpose: RESET_PURPOSE, kind: 'token', now });
  const { token } = await issueToken(ctx.database, { purpose: RESET_PURPOSE, subject: String(user.id), ttlMs: RESET_LINK_MINUTES * 60_000, now });
  await ctx.messages.email({
    template: passwordResetEmail,
    data: { token, minutes: RESET_LINK_MINUTES },
    to: { address: user.email, lang: user.lang, userId: user.id },
    organizationId: null,
  });
  return true;
}

/**
 * Sets a new password from an e-mailed link. The policy is checked before the link is used, so a
 * refused password leaves the link valid; a used link ends every session, every other link and
 * every trusted browser of the user (whoever asked may have had the old password).
 */
export async function resetPassword(ctx: Context, token: string, password: string, confirmation: string): Promise<boolean> {
  const now = ctx.now();
  const policy = passwordError(password);
  if (policy) throw badInput('password', policy);
  const mismatch = passwordConfirmationError(password, confirmation);
  if (mismatch) throw badInput('passwordConfirmation', mismatch);
  const attempt = await takeAttempt(ctx.database, [`reset:address:${clientAddress(ctx.request.ip)}`], { limit: RESETS_PER_ADDRESS, windowMs: HOUR_MS, now });
  if (!attempt.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(attempt.retryAfterMs / 1000) });
  const used = await consumeToken(ctx.database, { purpose: RESET_PURPOSE, token, now });
  const user = used ? await findUserById(ctx.database, Number(used.subject)) : null;
  if (!user) throw new AppError('RESET_TOKEN_INVALID');
  await releaseAttempt(ctx.database, attempt.taken);
  await ctx.database.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id));
  await revokeUserSessions(ctx.database, user.id);
  await revokeSecrets(ctx.database, { subject: String(user.id), purpose: RESET_PURPOSE, now });
  await revokeTrustedBrowsers(ctx.database, user.id);
  // The authenticator and the recovery codes may be what was lost: two-factor goes back to e-mail.
  await forgetAuthenticator(ctx.database, user.id, { recoveryCodes: true });
  // The owner proved the mailbox: earlier failed sign-ins no longer hold the account.
  await clearAttempts(ctx.database, [`login:account:${user.email}`]);
  // Two-factor by SMS stays on (docs/decisions.md, issue 29.17): the reset proves the mailbox only,
  // and the phone is the factor that still stands if the mailbox is what was taken. The phone is
  // told, so a reset made by someone else is seen on a second channel.
  const phone = user.otpContact === 'phone' && user.phone ? normalizePhone(user.phone) : null;
  if (phone) await ctx.messages.sms({ template: passwordResetSms, data: {}, to: { phone, lang: user.lang, userId: user.id }, organizationId: null });
  return true;
}

/** What the page of a reset link shows before any password is typed (issue 29.19). */
export type ResetLinkStatus = 'VALID' | 'USED' | 'EXPIRED';

/**
 * The state of a reset link, without using it; counted per client address on a budget of its own
 * (a page view must not spend the reset calls' budget; a live link gives its try back). An unknown link reads as expired: nothing tells it apart.
 */
export async function passwordResetLinkStatus(ctx: Context, token: string): Promise<ResetLinkStatus> {
  const now = ctx.now();
  const attempt = await takeAttempt(ctx.database, [`reset-status:address:${clientAddress(ctx.request.ip)}`], { limit: RESETS_PER_ADDRESS, windowMs: HOUR_MS, now });
  if (!attempt.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(attempt.retryAfterMs / 1000) });
  const state = await tokenState(ctx.database, { purpose: RESET_PURPOSE, token, now });
  if (state !== 'LIVE') return state === 'USED' ? 'USED' : 'EXPIRED';
  await releaseAttempt(ctx.database, attempt.taken);
  return 'VALID';
}

/**
 * The signed-in user's own password, with the current one (counted like a sign-in, so a stolen
 * session cannot guess it); ends the user's other sessions and pending reset links.
 */
export async function updatePassword(ctx: Context, oldPassword: string, newPassword: string): Promise<boolean> {
  const caller = requireCaller(ctx);
  refuseWhileViewingAs(caller);
  const now = ctx.now();
  const attempt = await takeAttempt(ctx.database, [`password:account:${caller.userId}`], {
    limit: ctx.config.LOGIN_RATE_LIMIT,
    windowMs: ctx.config.LOGIN_RATE_WINDOW_SECONDS * 1000,
    now,
  });
  if (!attempt.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(attempt.retryAfterMs / 1000) });
  const user = await findUserById(ctx.database, caller.userId);
  if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) throw new AppError('WRONG_PASSWORD');
  await releaseAttempt(ctx.database, attempt.taken);
  const policy = passwordError(newPassword);
  if (policy) throw badInput('newPassword', policy);
  if (newPassword === oldPassword) throw badInput('newPassword', 'errors.samePassword');
  await ctx.database.db.update(users).set({ passwordHash: await hashPassword(newPassword) }).where(eq(users.id, user.id));
  await revokeUserSessions(ctx.database, user.id, { exceptSid: caller.sessionId });
  await revokeSecrets(ctx.database, { subject: String(user.id), purpose: RESET_PURPOSE, now });
  return true;
}
