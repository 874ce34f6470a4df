import { createHash } from 'node:crypto';
import { OTP_CODE_LENGTH, OTP_RESEND_SECONDS, isAdmin, isLanguage, nameError, normalizePhone, passwordError } from '@sitelens/domain';
import { and, eq } from 'drizzle-orm';
import type { Context } from '../../graphql/context.ts';
import { AppError, badInput } from '../../graphql/errors.ts';
import { clearAttempts, releaseAttempt, takeAttempt } from '../auth/attemptLimiter.ts';
import { newRecoveryCodes } from '../auth/authenticator.ts';
import { hashPassword } from '../auth/password.ts';
import { consumeCode, consumeToken, issueCode, peekToken, revokeSecrets } from '../auth/purposeSecrets.ts';
import { type UserRow, findUserById, membershipOf } from '../users/users.repo.ts';
import { users } from '../users/users.tables.ts';
import { invitationCodeSms } from './invitations.messages.ts';
import { INVITATION_PURPOSE, type InvitationData, anyInvitationToken, organizationName } from './invitations.repo.ts';
import { sendInvitation } from './invitations.service.ts';
import { clientAddress } from '../../http/clientAddress.ts';

const PHONE_CODE = 'invitation-phone';
export const CODE_MINUTES = 10;
/** Wrong codes per sent code; past them the code is burned. */
export const CODE_TRIES = 5;
export const CODES_PER_HOUR = 10;
/** Calls naming an invitation link per client address per hour (failed ones keep counting). */
export const TOKEN_CALLS_PER_ADDRESS = 60;
/** "Send me a new invitation" requests per client address per hour. */
export const RENEWALS_PER_ADDRESS = 10;
const HOUR_MS = 3600_000;

export interface Invitation {
  user: UserRow;
  organizationId: number;
  organizationName: string;
  token: string;
}

/**
 * The invited user of a live link, counted per client address (a valid link gives its try back).
 * An expired, used, withdrawn or unknown link answers INVITATION_EXPIRED with the modal's variant:
 * `admin` when the invited person is an administrator (told to contact support), `user` otherwise.
 */
export async function openInvitation(ctx: Context, token: string): Promise<Invitation> {
  const now = ctx.now();
  const attempt = await takeAttempt(ctx.database, [`invitation:address:${clientAddress(ctx.request.ip)}`], { limit: TOKEN_CALLS_PER_ADDRESS, windowMs: HOUR_MS, now });
  if (!attempt.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(attempt.retryAfterMs / 1000) });
  const live = await peekToken(ctx.database, { purpose: INVITATION_PURPOSE, token, now });
  const user = live ? await findUserById(ctx.database, Number(live.subject)) : null;
  if (!live || !user || user.status !== 'invited') throw await expired(ctx, token);
  await releaseAttempt(ctx.database, attempt.taken);
  const { organizationId } = live.data as InvitationData;
  return { user, organizationId, organizationName: await organizationName(ctx.database, organizationId), token };
}

async function expired(ctx: Context, token: string): Promise<AppError> {
  const known = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await anyInvitationToken(ctx.database, digestOf(token)) : null;
  // The role the invitation gave, in the organization it was for (issue 28.3: roles are per membership).
  const organizationId = (known?.data as InvitationData | null)?.organizationId;
  const membership = known && organizationId !== undefined ? await membershipOf(ctx.database, Number(known.subject), organizationId) : null;
  return new AppError('INVITATION_EXPIRED', { variant: membership && isAdmin(membership.role) ? 'admin' : 'user' });
}

const digestOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface AcceptInput {
  password: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  lang?: string | null;
}

/**
 * Completes onboarding: every field is checked before the link is used, so a refused value leaves
 * it valid; the link is then consumed once (of two concurrent accepts, one wins) and the user
 * becomes active with an argon2id password. The e-mail is verified by the link itself.
 */
export async function acceptInvitation(ctx: Context, token: string, input: AcceptInput): Promise<{ recoveryCodes: string[] | null }> {
  const { user } = await openInvitation(ctx, token);
  const policy = passwordError(input.password);
  if (policy) throw badInput('password', policy);
  for (const field of ['firstName', 'lastName'] as const) {
    const problem = nameError(input[field], field);
    if (problem) throw badInput(field, problem);
  }
  const lang = input.lang || user.lang;
  if (!isLanguage(lang)) throw badInput('lang', 'errors.invalidLanguage');
  const phone = input.phone ? normalizePhone(input.phone) : '';
  if (phone === null) throw badInput('phone', 'errors.invalidPhone');
  if (user.otpContact === 'phone' && phone !== (user.phone ?? '')) throw badInput('phone', 'errors.twoFactorContactLocked');
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  if (!(await consumeToken(ctx.database, { purpose: INVITATION_PURPOSE, token, now }))) throw await expired(ctx, token);
  const samePhone = phone === (user.phone ?? '');
  const [done] = await ctx.database.db
    .update(users)
    .set({
      passwordHash,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      lang,
      phone: phone || null,
      isPhoneVerified: samePhone ? user.isPhoneVerified : false,
      isEmailVerified: true,
      status: 'active',
    })
    .where(and(eq(users.id, user.id), eq(users.status, 'invited')))
    .returning({ id: users.id, otpContact: users.otpContact });
  if (!done) throw await expired(ctx, token);
  await revokeSecrets(ctx.database, { subject: String(user.id), now });
  // Two-factor chosen during onboarding starts here: its recovery codes come with it, as with
  // every other switch on (issue 29.17).
  return { recoveryCodes: done.otpContact ? await newRecoveryCodes(ctx.database, user.id) : null };
}

/** Sends the code that proves the phone chosen for two-factor; returns the seconds before a resend. */
export async function sendInvitationVerificationCode(ctx: Context, token: string, phoneInput: string): Promise<number> {
  const { user } = await openInvitation(ctx, token);
  const phone = normalizePhone(phoneInput);
  if (!phone) throw badInput('phone', 'errors.invalidPhone');
  const now = ctx.now();
  const pace = await takeAttempt(ctx.database, [`invitation-code-send:${user.id}`], { limit: 1, windowMs: OTP_RESEND_SECONDS * 1000, now });
  if (!pace.allowed) throw new AppError('OTP_RESEND_TOO_SOON', { retryAfterSeconds: Math.ceil(pace.retryAfterMs / 1000) });
  const hourly = await takeAttempt(ctx.database, [`invitation-code-send-hour:${user.id}`], { limit: CODES_PER_HOUR, windowMs: HOUR_MS, now });
  if (!hourly.allowed) throw new AppError('OTP_RESEND_TOO_SOON', { retryAfterSeconds: Math.ceil(hourly.retryAfterMs / 1000) });
  if (phone !== user.phone) {
    // A new number is not verified, and two-factor cannot keep pointing at the old one.
    await ctx.database.db
      .update(users)
      .set({ phone, isPhoneVerified: false, otpContact: user.otpContact === 'phone' ? null : user.otpContact })
      .where(eq(users.id, user.id));
  }
  const { code } = await issueCode(ctx.database, { purpose: PHONE_CODE, subject: String(user.id), ttlMs: CODE_MINUTES * 60_000, now, digits: OTP_CODE_LENGTH, data: { phone } });
  await clearAttempts(ctx.database, [`code:${PHONE_CODE}:${user.id}`]);
  await ctx.messages.sms({ template: invitationCodeSms, data: { code, minutes: CODE_MINUTES }, to: { phone, lang: user.lang, userId: user.id }, organizationId: null });
  return OTP_RESEND_SECONDS;
}

/** The code sent to the phone: the phone is verified and becomes the two-factor contact. Returns the user's id. */
export async function verifyInvitationContact(ctx: Context, token: string, otp: string): Promise<number> {
  const { user } = await openInvitation(ctx, token);
  const result = await consumeCode(ctx.database, {
    purpose: PHONE_CODE,
    subject: String(user.id),
    code: otp,
    now: ctx.now(),
    attempts: { limit: CODE_TRIES, windowMs: CODE_MINUTES * 60_000 },
  });
  if (!result.ok) throw new AppError(result.reason === 'BLOCKED' ? 'OTP_BLOCKED' : 'OTP_INVALID');
  const sentTo = result.data as { phone?: string } | null;
  if (!sentTo?.phone || sentTo.phone !== user.phone) throw new AppError('OTP_INVALID');
  await ctx.database.db.update(users).set({ isPhoneVerified: true, otpContact: 'phone' }).where(eq(users.id, user.id));
  return user.id;
}

/** Two-factor by e-mail (verified by the link), by a verified phone, or off (null). */
export async function updateInvitationOtpContact(ctx: Context, token: string, otpContact: string | null): Promise<boolean> {
  const { user } = await openInvitation(ctx, token);
  if (otpContact === null || otpContact === '') {
    await ctx.database.db.update(users).set({ otpContact: null }).where(eq(users.id, user.id));
    return true;
  }
  if (otpContact === 'email') {
    await ctx.database.db.update(users).set({ otpContact: 'email', isEmailVerified: true }).where(eq(users.id, user.id));
    return true;
  }
  if (otpContact === 'phone') {
    if (!user.phone || !user.isPhoneVerified) throw badInput('otpContact', 'errors.phoneNotVerified');
    await ctx.database.db.update(users).set({ otpContact: 'phone' }).where(eq(users.id, user.id));
    return true;
  }
  throw badInput('otpContact', 'errors.invalidOtpContact');
}

/**
 * "Send me a new invitation" from an expired link: a fresh link goes to the address the
 * invitation was sent to, only while the person is still invited. The answer is always true (it
 * says nothing about the link or the person); only the client address's own limit is told.
 */
export async function requestNewInvitation(ctx: Context, token: string): Promise<boolean> {
  const now = ctx.now();
  const attempt = await takeAttempt(ctx.database, [`invitation-renew:address:${clientAddress(ctx.request.ip)}`], { limit: RENEWALS_PER_ADDRESS, windowMs: HOUR_MS, now });
  if (!attempt.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(attempt.retryAfterMs / 1000) });
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return true;
  const known = await anyInvitationToken(ctx.database, digestOf(token));
  const user = known ? await findUserById(ctx.database, Number(known.subject)) : null;
  const organizationId = (known?.data as InvitationData | null)?.organizationId;
  if (!user || user.status !== 'invited' || organizationId === undefined) return true;
  await sendInvitation(ctx, user, organizationId, '', { strict: false, revokeEarlier: true });
  return true;
}
