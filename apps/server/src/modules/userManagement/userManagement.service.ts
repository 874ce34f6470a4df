import {
  type ManagedUserTarget,
  canAssignProfile,
  canDeleteUser,
  canEndUserSessions,
  managedUserEditability,
  targetOutranksCaller,
} from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { forbidden, notFound } from '../../graphql/errors.ts';
import { domainCaller, requireCaller } from '../access/access.ts';
import { refuseUngrantableProfile, rightsBeyondCaller } from '../access/grants.ts';
import { requireOwnedIds } from '../access/ownedIds.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { checkedProfilePatch } from '../users/profilePatch.ts';
import { callerOrganizationMembership, forgetMembership, membershipTarget, profileRights } from '../users/memberships.ts';
import { type ProfilePatch, type UserPatch, type UserRow, findUserById, removeUserFromOrganizations, setMembershipProfile, sharesOrganization, updateUser } from '../users/users.repo.ts';

/** A user of the caller's organizations (oneself included), or NOT_FOUND like a missing one. */
export async function managedUser(ctx: Context, userId: number): Promise<{ user: UserRow & { role: string; profileId: number | null }; target: ManagedUserTarget }> {
  const caller = requireCaller(ctx);
  const isSelf = userId === caller.userId;
  if (!isSelf && !(await sharesOrganization(ctx.database, userId, caller.organizationIds))) throw notFound();
  const user = await findUserById(ctx.database, userId);
  if (!user) throw notFound();
  // Role and profile of the caller's organization only (issue 28.3).
  const membership = await callerOrganizationMembership(ctx, userId);
  return { user: { ...user, role: membership?.role ?? 'user', profileId: membership?.profileId ?? null }, target: await membershipTarget(ctx, userId, membership) };
}

/** Refuses a user who holds a right the caller lacks, whatever is asked of them (edit, remove, view as). */
export async function refuseOutrankingTarget(ctx: Context, target: ManagedUserTarget): Promise<void> {
  if (targetOutranksCaller(await domainCaller(ctx), target)) throw rightsBeyondCaller();
}

export interface ManagedUserUpdate extends Omit<ProfilePatch, 'phone'> {
  /** A profile of the caller's organization; undefined keeps it (a profile is replaced, never removed). */
  profileId?: number;
}

/**
 * A user's names, preferences and rights profile, edited from user management (spec 000 §3, §6):
 * EDITABLE with organization.user edit; one's own record PARTIALLY_EDITABLE (no profile);
 * READ_ONLY refuses everything.
 */
export async function updateManagedUser(ctx: Context, userId: number, input: ManagedUserUpdate): Promise<UserRow> {
  const { user, target } = await managedUser(ctx, userId);
  const caller = await domainCaller(ctx);
  await refuseOutrankingTarget(ctx, target);
  if (managedUserEditability(caller, target) === 'READ_ONLY') throw forbidden();
  const patch: UserPatch = checkedProfilePatch(input);
  if (input.profileId !== undefined && input.profileId !== user.profileId) {
    if (!canAssignProfile(caller, target)) throw forbidden();
    await requireOwnedIds(ctx, [{ field: 'profileId', kind: 'profile', ids: [input.profileId] }]);
    await refuseUngrantableProfile(ctx, await profileRights(ctx, input.profileId));
    // The profile of the caller's organization only: what the user may do elsewhere is not changed (issue 28.3).
    await setMembershipProfile(ctx.database, userId, requireCaller(ctx).organizationIds[0]!, input.profileId);
    forgetMembership(ctx, userId);
  }
  if (Object.keys(patch).length === 0) return user;
  return updateUser(ctx.database, userId, patch);
}

/**
 * Removes a user from the caller's organizations (organization.user delete); the user's sessions,
 * and any view-as session they hold as an administrator, end at once.
 */
export async function deleteManagedUser(ctx: Context, userId: number): Promise<boolean> {
  const { target } = await managedUser(ctx, userId);
  await refuseOutrankingTarget(ctx, target);
  if (!canDeleteUser(await domainCaller(ctx), target)) throw forbidden();
  await revokeUserSessions(ctx.database, userId);
  await removeUserFromOrganizations(ctx.database, userId, requireCaller(ctx).organizationIds);
  return true;
}

/**
 * Ends every session of another user of the organization (organization.user edit; an administrator's
 * only by an administrator), their view-as sessions included: their tokens stop within their lifetime.
 */
export async function endManagedUserSessions(ctx: Context, userId: number): Promise<number> {
  const { target } = await managedUser(ctx, userId);
  await refuseOutrankingTarget(ctx, target);
  if (!canEndUserSessions(await domainCaller(ctx), target)) throw forbidden();
  const ended = await revokeUserSessions(ctx.database, userId);
  return ended;
}
