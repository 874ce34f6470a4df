import { OTP_CODE_LENGTH, OTP_RESEND_SECONDS, contactChangeError, emailError, normalizePhone } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { AppError, badInput } from '../../graphql/errors.ts';
import { refuseWhileViewingAs, requireCaller } from '../access/access.ts';
import { clearAttempts, releaseAttempt, takeAttempt } from './attemptLimiter.ts';
import { verifyPassword } from './password.ts';
import { consumeCode, consumeToken, issueCode, issueToken, revokeSecrets } from './purposeSecrets.ts';
import { revokeUserSessions } from './sessions.ts';
import { revokeTrustedBrowsers } from './trustedBrowsers.ts';
import { emailChangeConfirmEmail, emailChangeNoticeEmail, newPhoneCodeSms, phoneChangedEmail, phoneChangedSms, proofCodeEmail } from './contactChange.messages.ts';
import { type UserRow, findUserByEmail, findUserById, updateUser } from '../users/users.repo.ts';
import { clientAddress } from '../../http/clientAddress.ts';

/**
 * Changing the sign-in e-mail or the phone (issue 28 item 1). Whoever holds a session must prove
 * they are the owner (the current password, or for an account without one a code e-mailed to the
 * current address), and the new contact must prove itself (a single-use link to the new address, a
 * code to the new phone) before anything changes. The old address is told at once, with a link that
 * undoes the change and ends every session; the old phone is told once the number changed. Nobody
 * viewing as the user may do any of it.
 */
const EMAIL_CHANGE = 'email-change';
const EMAIL_UNDO = 'email-change-undo';
const PHONE_CHANGE = 'phone-change';
const PROOF = 'contact-change-proof';
export const EMAIL_LINK_MINUTES = 60;
export const UNDO_LINK_DAYS = 7;
export const CODE_MINUTES = 10;
/** Confirmation links (or phone codes) sent per account per hour. */
export const CONTACT_CHANGES_PER_HOUR = 3;
/** Unknown or dead confirm/undo links per client address per hour. */
export const CONTACT_LINKS_PER_ADDRESS = 20;
const HOUR_MS = 3600_000;
const codeTries = { limit: 5, windowMs: CODE_MINUTES * 60_000 };

export type ContactChangeStatus = 'PROOF_CODE_SENT' | 'CONFIRMATION_SENT' | 'DONE';
export interface ContactChange {
  status: ContactChangeStatus;
  /** Where the confirmation went (the new address or phone); null when nothing was sent there. */
  sentTo: string | null;
  user: UserRow;
}

export interface OwnerProof {
  password?: string | null;
  /** For an account without a password: the code e-mailed to its current address. */
  code?: string | null;
}

const retryAfter = (ms: number) => ({ retryAfterSeconds: Math.ceil(ms / 1000) });

/**
 * The caller is the owner: the password (counted with updatePassword's tries, so a stolen session
 * cannot guess it), or, for an account without one (single sign-on, an invitation never finished),
 * a fresh code sent to the current address. False when that code was just sent.
 */
async function proveOwner(ctx: Context, user: UserRow, proof: OwnerProof): Promise<boolean> {
  const now = ctx.now();
  if (user.passwordHash) {
    const attempt = await takeAttempt(ctx.database, [`password:account:${user.id}`], { limit: ctx.config.LOGIN_RATE_LIMIT, windowMs: ctx.config.LOGIN_RATE_WINDOW_SECONDS * 1000, now });
    if (!attempt.allowed) throw new AppError('RATE_LIMITED', retryAfter(attempt.retryAfterMs));
    if (!proof.password || !(await verifyPassword(user.passwordHash, proof.password))) throw new AppError('WRONG_PASSWORD');
    await releaseAttempt(ctx.database, attempt.taken);
    return true;
  }
  if (proof.code) {
    const result = await consumeCode(ctx.database, { purpose: PROOF, subject: String(user.id), code: proof.code, now, attempts: codeTries });
    if (!result.ok) throw new AppError(result.reason === 'BLOCKED' ? 'OTP_BLOCKED' : 'OTP_INVALID');
    return true;
  }
  await paceSends(ctx, user.id);
  const { code } = await issueCode(ctx.database, { purpose: PROOF, subject: String(user.id), ttlMs: CODE_MINUTES * 60_000, now, digits: OTP_CODE_LENGTH });
  await clearAttempts(ctx.database, [`code:${PROOF}:${user.id}`]);
  await ctx.messages.email({ template: proofCodeEmail, data: { code, minutes: CODE_MINUTES }, to: { address: user.email, lang: user.lang, userId: user.id }, organizationId: null });
  return false;
}

/** One message per OTP_RESEND_SECONDS and CONTACT_CHANGES_PER_HOUR per account. */
async function paceSends(ctx: Context, userId: number): Promise<void> {
  const now = ctx.now();
  const pace = await takeAttempt(ctx.database, [`contact-change-send:${userId}`], { limit: 1, windowMs: OTP_RESEND_SECONDS * 1000, now });
  if (!pace.allowed) throw new AppError('OTP_RESEND_TOO_SOON', retryAfter(pace.retryAfterMs));
  const hourly = await takeAttempt(ctx.database, [`contact-change-hour:${userId}`], { limit: CONTACT_CHANGES_PER_HOUR, windowMs: HOUR_MS, now });
  if (!hourly.allowed) throw new AppError('RATE_LIMITED', retryAfter(hourly.retryAfterMs));
}

async function ownUser(ctx: Context): Promise<UserRow> {
  const caller = requireCaller(ctx);
  refuseWhileViewingAs(caller);
  const user = await findUserById(ctx.database, caller.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/**
 * Asks for a new sign-in address: nothing changes until the link sent there is opened. The old
 * address gets the undo link at once. A newer request replaces an older one's link.
 */
export async function requestEmailChange(ctx: Context, emailInput: string, proof: OwnerProof): Promise<ContactChange> {
  const user = await ownUser(ctx);
  const error = emailError(emailInput);
  if (error) throw badInput('email', error);
  const email = emailInput.trim().toLowerCase();
  if (email === user.email) return { status: 'DONE', sentTo: null, user };
  const locked = contactChangeError('email', { from: user.email, to: email }, user.otpContact);
  if (locked) throw badInput('email', locked);
  if (!(await proveOwner(ctx, user, proof))) return { status: 'PROOF_CODE_SENT', sentTo: user.email, user };
  // Paced before the address is looked up: asking whether an address has an account costs a send,
  // so a session cannot probe addresses faster than it could send links (a code-proven account paid
  // for its code already).
  if (user.passwordHash) await paceSends(ctx, user.id);
  const owner = await findUserByEmail(ctx.database, email);
  if (owner) throw badInput('email', 'errors.emailTaken');
  const now = ctx.now();
  await revokeSecrets(ctx.database, { subject: String(user.id), purpose: EMAIL_CHANGE, now });
  const { token } = await issueToken(ctx.database, { purpose: EMAIL_CHANGE, subject: String(user.id), ttlMs: EMAIL_LINK_MINUTES * 60_000, now, data: { email, from: user.email } });
  const undo = await issueToken(ctx.database, { purpose: EMAIL_UNDO, subject: String(user.id), ttlMs: UNDO_LINK_DAYS * 24 * HOUR_MS, now, data: { email: user.email } });
  await ctx.messages.email({ template: emailChangeConfirmEmail, data: { token, minutes: EMAIL_LINK_MINUTES }, to: { address: email, lang: user.lang, userId: user.id }, organizationId: null });
  await ctx.messages.email({
    template: emailChangeNoticeEmail,
    data: { email, undoToken: undo.token, days: UNDO_LINK_DAYS },
    to: { address: user.email, lang: user.lang, userId: user.id },
    organizationId: null,
  });
  return { status: 'CONFIRMATION_SENT', sentTo: email, user };
}

/** A confirm or undo link tried from this client address; too many dead ones are refused. */
async function takeLinkAttempt(ctx: Context) {
  const attempt = await takeAttempt(ctx.database, [`contact-link:address:${clientAddress(ctx.request.ip)}`], { limit: CONTACT_LINKS_PER_ADDRESS, windowMs: HOUR_MS, now: ctx.now() });
  if (!attempt.allowed) throw new AppError('RATE_LIMITED', retryAfter(attempt.retryAfterMs));
  return attempt.taken;
}

/** The link sent to the new address, opened (no sign-in needed): the address becomes the sign-in one, verified. */
export async function confirmEmailChange(ctx: Context, token: string): Promise<string> {
  const taken = await takeLinkAttempt(ctx);
  const used = await consumeToken(ctx.database, { purpose: EMAIL_CHANGE, token, now: ctx.now() });
  const user = used ? await findUserById(ctx.database, Number(used.subject)) : null;
  const asked = used?.data as { email?: string; from?: string } | null | undefined;
  // A link asked before the address changed otherwise (an undo, another change) is dead.
  if (!user || !asked?.email || asked.from !== user.email) throw new AppError('EMAIL_LINK_INVALID');
  await releaseAttempt(ctx.database, taken);
  if (await findUserByEmail(ctx.database, asked.email)) throw badInput('email', 'errors.emailTaken');
  await updateUser(ctx.database, user.id, { email: asked.email, isEmailVerified: true });
  return asked.email;
}

/**
 * The old address's link: gives the address back (or keeps it, when the change was not confirmed
 * yet), kills any pending change, and ends every session, trusted browser and reset link of the
 * account: whoever asked the change may be signed in.
 */
export async function undoEmailChange(ctx: Context, token: string): Promise<string> {
  const taken = await takeLinkAttempt(ctx);
  const now = ctx.now();
  const used = await consumeToken(ctx.database, { purpose: EMAIL_UNDO, token, now });
  const user = used ? await findUserById(ctx.database, Number(used.subject)) : null;
  const old = (used?.data as { email?: string } | null | undefined)?.email;
  if (!user || !old) throw new AppError('EMAIL_LINK_INVALID');
  await releaseAttempt(ctx.database, taken);
  await revokeSecrets(ctx.database, { subject: String(user.id), purpose: EMAIL_CHANGE, now });
  if (user.email !== old) {
    const owner = await findUserByEmail(ctx.database, old);
    if (owner && owner.id !== user.id) throw badInput('email', 'errors.emailTaken');
    await updateUser(ctx.database, user.id, { email: old, isEmailVerified: true });
  }
  await revokeUserSessions(ctx.database, user.id);
  await revokeTrustedBrowsers(ctx.database, user.id);
  await revokeSecrets(ctx.database, { subject: String(user.id), purpose: 'password-reset', now });
  return old;
}

/**
 * Asks for a new phone: a code goes to it and the number changes once that code comes back
 * (confirmPhoneChange). Removing the phone needs the same proof of the owner and is done at once.
 * The phone that two-factor uses stays locked (spec 000 §4).
 */
export async function requestPhoneChange(ctx: Context, phoneInput: string, proof: OwnerProof): Promise<ContactChange> {
  const user = await ownUser(ctx);
  const phone = normalizePhone(phoneInput);
  if (phone === null) throw badInput('phone', 'errors.invalidPhone');
  if (phone === (user.phone ?? '')) return { status: 'DONE', sentTo: null, user };
  const locked = contactChangeError('phone', { from: user.phone, to: phone }, user.otpContact);
  if (locked) throw badInput('phone', locked);
  if (!(await proveOwner(ctx, user, proof))) return { status: 'PROOF_CODE_SENT', sentTo: user.email, user };
  if (phone === '') {
    const updated = await updateUser(ctx.database, user.id, { phone: null, isPhoneVerified: false });
    await tellPhoneChanged(ctx, user, null);
    return { status: 'DONE', sentTo: null, user: updated };
  }
  if (user.passwordHash) await paceSends(ctx, user.id);
  const { code } = await issueCode(ctx.database, { purpose: PHONE_CHANGE, subject: String(user.id), ttlMs: CODE_MINUTES * 60_000, now: ctx.now(), digits: OTP_CODE_LENGTH, data: { phone } });
  await clearAttempts(ctx.database, [`code:${PHONE_CHANGE}:${user.id}`]);
  await ctx.messages.sms({ template: newPhoneCodeSms, data: { code, minutes: CODE_MINUTES }, to: { phone, lang: user.lang, userId: user.id }, organizationId: null });
  return { status: 'CONFIRMATION_SENT', sentTo: phone, user };
}

/** The code sent to the new phone: the number changes, verified, and the old contacts are told. */
export async function confirmPhoneChange(ctx: Context, code: string): Promise<UserRow> {
  const user = await ownUser(ctx);
  const result = await consumeCode(ctx.database, { purpose: PHONE_CHANGE, subject: String(user.id), code, now: ctx.now(), attempts: codeTries });
  if (!result.ok) throw new AppError(result.reason === 'BLOCKED' ? 'OTP_BLOCKED' : 'OTP_INVALID');
  const phone = (result.data as { phone?: string } | null)?.phone;
  if (!phone) throw new AppError('OTP_INVALID');
  const locked = contactChangeError('phone', { from: user.phone, to: phone }, user.otpContact);
  if (locked) throw badInput('phone', locked);
  const updated = await updateUser(ctx.database, user.id, { phone, isPhoneVerified: true });
  await tellPhoneChanged(ctx, user, phone);
  return updated;
}

async function tellPhoneChanged(ctx: Context, before: UserRow, phone: string | null): Promise<void> {
  await ctx.messages.email({ template: phoneChangedEmail, data: { phone }, to: { address: before.email, lang: before.lang, userId: before.id }, organizationId: null });
  if (before.phone && before.isPhoneVerified) {
    await ctx.messages.sms({ template: phoneChangedSms, data: {}, to: { phone: before.phone, lang: before.lang, userId: before.id }, organizationId: null });
  }
}
