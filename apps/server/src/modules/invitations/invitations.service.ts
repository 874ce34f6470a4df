import { type RightsTree, emailError, isLanguage, userEditability } from '@sitelens/domain';
import { and, eq } from 'drizzle-orm';
import type { Context } from '../../graphql/context.ts';
import { AppError, badInput, forbidden, notFound } from '../../graphql/errors.ts';
import { domainCaller, requireCaller } from '../access/access.ts';
import { takeAttempt } from '../auth/attemptLimiter.ts';
import { issueToken, revokeSecrets } from '../auth/purposeSecrets.ts';
import { profiles } from '../organizations/organizations.tables.ts';
import { membershipTarget } from '../users/memberships.ts';
import { refuseUngrantableProfile } from '../access/grants.ts';
import { refuseOutrankingTarget } from '../userManagement/userManagement.service.ts';
import { type UserRow, findUserByEmail, findUserById, sharesOrganization } from '../users/users.repo.ts';
import { users } from '../users/users.tables.ts';
import { invitationEmail } from './invitations.messages.ts';
import { INVITATION_PURPOSE, type InvitationData, type PendingInvitation, organizationName, pendingInvitations } from './invitations.repo.ts';

/** How long an invitation link works (docs/decisions.md). */
export const INVITATION_DAYS = 7;
/** Invitation e-mails per invited person per hour (first one, resends by administrators or from an expired link). */
export const INVITATION_MAILS_PER_HOUR = 5;
const DAY_MS = 86_400_000;

export interface InviteInput {
  email: string;
  lang: string;
  profileId: number | null;
}

/** Administrators with organization.user edit; the fieldRights gate already asked for user management. */
async function requireUserEdit(ctx: Context): Promise<number> {
  const caller = requireCaller(ctx);
  if (caller.adminUserId !== null) throw forbidden();
  if (userEditability(await domainCaller(ctx), { isSelf: false }) !== 'EDITABLE') throw forbidden();
  const organizationId = caller.organizationIds[0];
  if (organizationId === undefined) throw forbidden();
  return organizationId;
}

/**
 * Invites a person: the user exists at once with status 'invited' (no password, so no sign-in),
 * in the caller's organization, with the language and rights profile chosen, and receives a
 * single-use link valid INVITATION_DAYS days.
 */
export async function inviteUser(ctx: Context, input: InviteInput): Promise<PendingInvitation> {
  const organizationId = await requireUserEdit(ctx);
  const caller = requireCaller(ctx);
  const emailProblem = emailError(input.email);
  if (emailProblem) throw badInput('email', emailProblem);
  if (!isLanguage(input.lang)) throw badInput('lang', 'errors.invalidLanguage');
  let rights: RightsTree | null = null;
  if (input.profileId !== null) {
    const [profile] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, input.profileId));
    if (!profile || !caller.organizationIds.includes(profile.organizationId)) throw new AppError('NOT_FOUND', { field: 'profileId' });
    rights = profile.rights as RightsTree;
  }
  // Without a profile the invited person holds the defaults of users without one (alerts, user management).
  await refuseUngrantableProfile(ctx, rights);
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(ctx.database, email)) throw badInput('email', 'errors.emailTaken');
  const now = ctx.now();
  // One statement: the user and its membership exist together or not at all.
  const { rows } = await ctx.database.sql
    .query<{ user_id: number }>(
      `with invited as (
         insert into users (email, password_hash, lang, status, invited_at, invited_by)
         values ($1, null, $2, 'invited', $4, $5) returning id)
       insert into user_organizations (user_id, organization_id, role, profile_id) select id, $6, 'user', $3 from invited returning user_id`,
      [email, input.lang, input.profileId, now.toISOString(), caller.userId, organizationId],
    )
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw badInput('email', 'errors.emailTaken');
      throw error;
    });
  const row = (await findUserById(ctx.database, Number(rows[0]!.user_id)))!;
  return sendInvitation(ctx, row, organizationId, await inviterName(ctx, caller.userId));
}

/** The caller's organizations' pending invitations. */
export async function invitations(ctx: Context): Promise<PendingInvitation[]> {
  const caller = requireCaller(ctx);
  return pendingInvitations(ctx.database, caller.organizationIds, ctx.now());
}

/** A new link for a pending invitation; earlier links stop working. */
export async function resendInvitation(ctx: Context, userId: number): Promise<PendingInvitation> {
  const organizationId = await requireUserEdit(ctx);
  const user = await invitedUser(ctx, userId);
  return sendInvitation(ctx, user, organizationId, await inviterName(ctx, requireCaller(ctx).userId), { strict: true, revokeEarlier: true });
}

/** Withdraws a pending invitation: its links stop working and the invited user is removed. */
export async function cancelInvitation(ctx: Context, userId: number): Promise<boolean> {
  await requireUserEdit(ctx);
  const user = await invitedUser(ctx, userId);
  await revokeSecrets(ctx.database, { subject: String(user.id), now: ctx.now() });
  await ctx.database.db.delete(users).where(and(eq(users.id, user.id), eq(users.status, 'invited')));
  return true;
}

async function invitedUser(ctx: Context, userId: number): Promise<UserRow> {
  const caller = requireCaller(ctx);
  if (!(await sharesOrganization(ctx.database, userId, caller.organizationIds))) throw new AppError('NOT_FOUND', { field: 'userId' });
  const user = await findUserById(ctx.database, userId);
  if (!user) throw notFound();
  if (user.status !== 'invited') throw badInput('userId', 'errors.invitationAccepted');
  // Resending or withdrawing the invitation of someone given more than the caller holds is theirs who gave it.
  await refuseOutrankingTarget(ctx, await membershipTarget(ctx, user.id));
  return user;
}

/**
 * Issues a link and e-mails it in the invited user's language, at most INVITATION_MAILS_PER_HOUR
 * per person (RATE_LIMITED past it when `strict`; silently skipped otherwise). `revokeEarlier`
 * ends the earlier links once the new one may be sent.
 */
export async function sendInvitation(
  ctx: Context,
  user: UserRow,
  organizationId: number,
  inviter: string,
  opts: { strict: boolean; revokeEarlier: boolean } = { strict: true, revokeEarlier: false },
): Promise<PendingInvitation> {
  const now = ctx.now();
  const pace = await takeAttempt(ctx.database, [`invitation-mail:${user.id}`], { limit: INVITATION_MAILS_PER_HOUR, windowMs: 3600_000, now });
  if (!pace.allowed) {
    if (opts.strict) throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(pace.retryAfterMs / 1000) });
    return { user, sentAt: null, expiresAt: null };
  }
  if (opts.revokeEarlier) await revokeSecrets(ctx.database, { subject: String(user.id), purpose: INVITATION_PURPOSE, now });
  const data: InvitationData = { organizationId };
  const { token, expiresAt } = await issueToken(ctx.database, { purpose: INVITATION_PURPOSE, subject: String(user.id), ttlMs: INVITATION_DAYS * DAY_MS, now, data });
  await ctx.messages.email({
    template: invitationEmail,
    data: { token, organizationName: await organizationName(ctx.database, organizationId), inviterName: inviter, days: INVITATION_DAYS },
    to: { address: user.email, lang: user.lang, userId: user.id },
    organizationId,
  });
  return { user, sentAt: now, expiresAt };
}

async function inviterName(ctx: Context, userId: number): Promise<string> {
  const inviter = await findUserById(ctx.database, userId);
  return inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : '';
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}
