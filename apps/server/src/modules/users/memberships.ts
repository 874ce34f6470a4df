import { type ManagedUserTarget, type RightsTree, isAdmin } from '@sitelens/domain';
import { eq } from 'drizzle-orm';
import type { Context } from '../../graphql/context.ts';
import { requireCaller } from '../access/access.ts';
import { profiles } from '../organizations/organizations.tables.ts';
import { type MembershipRow, membershipOf } from './users.repo.ts';

const cache = new WeakMap<Context, Map<number, Promise<MembershipRow | null>>>();

/**
 * A user's membership of the organization the caller acts in (role, rights profile), or null when
 * the user is not a member there; read once per request and user. Role and profile are per
 * organization (issue 28.3): what a user is in another organization is never read here.
 */
export function callerOrganizationMembership(ctx: Context, userId: number): Promise<MembershipRow | null> {
  const organizationId = requireCaller(ctx).organizationIds[0];
  if (organizationId === undefined) return Promise.resolve(null);
  let byUser = cache.get(ctx);
  if (!byUser) cache.set(ctx, (byUser = new Map()));
  let found = byUser.get(userId);
  if (!found) byUser.set(userId, (found = membershipOf(ctx.database, userId, organizationId)));
  return found;
}

/** Forgets what was read of a user's membership in this request, after changing it. */
export function forgetMembership(ctx: Context, userId: number): void {
  cache.get(ctx)?.delete(userId);
}

/** A profile's rights tree; null for no profile (or one gone). */
export async function profileRights(ctx: Context, profileId: number | null): Promise<RightsTree | null> {
  if (profileId === null) return null;
  const [row] = await ctx.database.db.select({ rights: profiles.rights }).from(profiles).where(eq(profiles.id, profileId));
  return (row?.rights as RightsTree | undefined) ?? null;
}

/** What a user is in the organization the caller acts in, as the rules that compare them with the caller read it (no membership: a plain user). */
export async function membershipTarget(ctx: Context, userId: number, membership?: MembershipRow | null): Promise<ManagedUserTarget> {
  const found = membership === undefined ? await callerOrganizationMembership(ctx, userId) : membership;
  return { isSelf: userId === requireCaller(ctx).userId, isAdmin: isAdmin(found?.role ?? 'user'), rights: await profileRights(ctx, found?.profileId ?? null) };
}
