import type { Context } from '../../graphql/context.ts';
import { AppError } from '../../graphql/errors.ts';
import { activeMembershipsOf, markOrganizationUsed } from '../users/users.repo.ts';
import { refuseWhileViewingAs, requireCaller } from '../access/access.ts';
import { setSessionOrganization } from './sessions.repo.ts';

export interface OrganizationChoice {
  id: number;
  name: string;
  /** The organization the caller acts in now. */
  current: boolean;
}

/** The organizations the caller may act in, for the header's switcher (shown with more than one). */
export async function myOrganizations(ctx: Context): Promise<OrganizationChoice[]> {
  const caller = requireCaller(ctx);
  // A view-as acts in the administrator's organization only: the user's others are not theirs to see.
  if (caller.adminUserId !== null) return (await activeMembershipsOf(ctx.database, caller.userId)).filter((o) => caller.organizationIds.includes(o.id)).map((o) => ({ ...o, current: true }));
  return (await activeMembershipsOf(ctx.database, caller.userId)).map((o) => ({ ...o, current: caller.organizationIds.includes(o.id) }));
}

/**
 * Makes the caller's session act in another organization of theirs (issue 28.3): the session row
 * changes, so the same tokens carry the new organization from the next call on, and every other
 * session keeps its own. Not while viewing as; NOT_FOUND for an organization the caller may not act in.
 */
export async function switchOrganization(ctx: Context, organizationId: number): Promise<boolean> {
  const caller = requireCaller(ctx);
  refuseWhileViewingAs(caller);
  const memberships = await activeMembershipsOf(ctx.database, caller.userId);
  if (!memberships.some((o) => o.id === organizationId) || !caller.sessionId) throw new AppError('NOT_FOUND', { field: 'organizationId' });
  await setSessionOrganization(ctx.database, caller.sessionId, organizationId);
  await markOrganizationUsed(ctx.database, caller.userId, organizationId, ctx.now());
  return true;
}
