import { normalizeRightsTree, profileNameError } from '@sitelens/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../graphql/context.ts';
import { badInput, notFound } from '../../graphql/errors.ts';
import { requireAdministeredOrganization, requireCaller } from '../access/access.ts';
import { profiles } from '../organizations/organizations.tables.ts';
import { refuseUngrantableProfile } from '../access/grants.ts';
import { userOrganizations } from './users.tables.ts';

export type ProfileRow = typeof profiles.$inferSelect;

function checked(input: { name: string; rights: unknown }) {
  const nameError = profileNameError(input.name);
  if (nameError) throw badInput('name', nameError);
  const rights = normalizeRightsTree(input.rights);
  if (!rights) throw badInput('rights', 'errors.invalidRights');
  return { name: input.name.trim(), rights };
}

async function ownProfile(ctx: Context, id: number): Promise<ProfileRow> {
  const { organizationIds } = requireCaller(ctx);
  const [row] = await ctx.database.db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, id), inArray(profiles.organizationId, organizationIds)));
  if (!row) throw notFound();
  return row;
}

/** A named profile with every right of the tree stated (administrators). */
export async function createRightsProfile(ctx: Context, input: { name: string; rights: unknown }): Promise<ProfileRow> {
  const organizationId = requireAdministeredOrganization(ctx);
  const values = checked(input);
  await refuseUngrantableProfile(ctx, values.rights);
  const [row] = await ctx.database.db.insert(profiles).values({ organizationId, ...values }).returning();
  return row!;
}

/** Renames a profile and sets its rights; every user holding it has the new rights at their next call. */
export async function updateRightsProfile(ctx: Context, id: number, input: { name: string; rights: unknown }): Promise<ProfileRow> {
  requireAdministeredOrganization(ctx);
  await ownProfile(ctx, id);
  const values = checked(input);
  await refuseUngrantableProfile(ctx, values.rights);
  const [row] = await ctx.database.db.update(profiles).set(values).where(eq(profiles.id, id)).returning();
  return row!;
}

/**
 * Deletes a profile nobody holds. One still assigned is refused: its users would fall under the
 * rules for users without a profile, which open alerts and user management.
 */
export async function deleteRightsProfile(ctx: Context, id: number): Promise<boolean> {
  requireAdministeredOrganization(ctx);
  await ownProfile(ctx, id);
  const [holder] = await ctx.database.db.select({ id: userOrganizations.userId }).from(userOrganizations).where(eq(userOrganizations.profileId, id)).limit(1);
  if (holder) throw badInput('id', 'errors.profileInUse');
  await ctx.database.db.delete(profiles).where(eq(profiles.id, id));
  return true;
}
