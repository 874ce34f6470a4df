import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { pins } from '../pins/pins.tables.ts';
import { userOrganizations, users } from './users.tables.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(database: Database, email: string): Promise<UserRow | null> {
  const [row] = await database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

export async function findUserById(database: Database, id: number): Promise<UserRow | null> {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/**
 * What every signed-in call needs of its user: the role and profile of its membership in the
 * organization the session acts in (`organizationId`, or the first active membership when the
 * session names none or one the user no longer belongs to), one statement. `organizationIds` is
 * that one organization (issue 28.3: the caller acts in one organization at a time); none when the
 * user has no active membership. `strict`: that organization's active membership or none (a
 * view-as session, which must never land in another organization of the viewed user).
 */
export async function findCallerRow(
  database: Database,
  id: number,
  organizationId: number | null = null,
  strict = false,
): Promise<{ id: number; role: string; profileId: number | null; organizationIds: number[] } | null> {
  const { rows } = await database.sql.query<{ id: number; organization_id: number | null; role: string | null; profile_id: number | null }>(
    `select u.id, m.organization_id, m.role, m.profile_id
       from users u
       left join lateral (
         select o.organization_id, o.role, o.profile_id from user_organizations o
          where o.user_id = u.id and o.active and ($3::boolean is false or o.organization_id = $2)
          order by (o.organization_id = $2) desc, o.organization_id limit 1) m on true
      where u.id = $1`,
    [id, organizationId, strict],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    role: row.role ?? 'user',
    profileId: row.profile_id === null ? null : Number(row.profile_id),
    organizationIds: row.organization_id === null ? [] : [Number(row.organization_id)],
  };
}

export type MembershipRow = typeof userOrganizations.$inferSelect;

/** A user's membership of one organization, or null. */
export async function membershipOf(database: Database, userId: number, organizationId: number): Promise<MembershipRow | null> {
  const [row] = await database.db
    .select()
    .from(userOrganizations)
    .where(and(eq(userOrganizations.userId, userId), eq(userOrganizations.organizationId, organizationId)));
  return row ?? null;
}

/** Sets a user's header links in one organization; false when the user is not a member there. */
export async function setMembershipLinks(database: Database, userId: number, organizationId: number, links: MembershipRow['customLinks']): Promise<boolean> {
  const rows = await database.db
    .update(userOrganizations)
    .set({ customLinks: links })
    .where(and(eq(userOrganizations.userId, userId), eq(userOrganizations.organizationId, organizationId)))
    .returning({ userId: userOrganizations.userId });
  return rows.length === 1;
}

/** Whether the user is an active member of the organization (an inactive membership no longer acts in it). */
export async function isActiveMember(database: Database, userId: number, organizationId: number): Promise<boolean> {
  return (await membershipOf(database, userId, organizationId))?.active === true;
}

/** The organizations a user may act in (active memberships), with their names, in id order. */
export async function activeMembershipsOf(database: Database, userId: number): Promise<Array<{ id: number; name: string }>> {
  return database.db
    .select({ id: organizations.id, name: organizations.name })
    .from(userOrganizations)
    .innerJoin(organizations, eq(organizations.id, userOrganizations.organizationId))
    .where(and(eq(userOrganizations.userId, userId), eq(userOrganizations.active, true)))
    .orderBy(asc(organizations.id));
}

/** The organization a sign-in opens: the active membership used last, else the first (issue 28.3). */
export async function lastUsedOrganizationOf(database: Database, userId: number): Promise<number | null> {
  const [row] = await database.db
    .select({ id: userOrganizations.organizationId })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.userId, userId), eq(userOrganizations.active, true)))
    .orderBy(sql`${userOrganizations.lastUsedAt} desc nulls last`, asc(userOrganizations.organizationId))
    .limit(1);
  return row?.id ?? null;
}

/** Remembers the organization a user signed in to or switched to, for their next sign-in. */
export async function markOrganizationUsed(database: Database, userId: number, organizationId: number, now: Date): Promise<void> {
  await database.db
    .update(userOrganizations)
    .set({ lastUsedAt: now })
    .where(and(eq(userOrganizations.userId, userId), eq(userOrganizations.organizationId, organizationId)));
}

/** Sets a user's rights profile in one organization only (issue 28.3). */
export async function setMembershipProfile(database: Database, userId: number, organizationId: number, profileId: number): Promise<void> {
  await database.db
    .update(userOrganizations)
    .set({ profileId })
    .where(and(eq(userOrganizations.userId, userId), eq(userOrganizations.organizationId, organizationId)));
}

export async function organizationIdsOf(database: Database, userId: number): Promise<number[]> {
  const rows = await database.db
    .select({ id: userOrganizations.organizationId })
    .from(userOrganizations)
    .where(eq(userOrganizations.userId, userId))
    .orderBy(asc(userOrganizations.organizationId));
  return rows.map((r) => r.id);
}

export async function usersOfOrganizations(database: Database, organizationIds: number[]): Promise<UserRow[]> {
  if (organizationIds.length === 0) return [];
  const ids = database.db
    .selectDistinct({ id: userOrganizations.userId })
    .from(userOrganizations)
    .where(inArray(userOrganizations.organizationId, organizationIds));
  return database.db.select().from(users).where(inArray(users.id, ids)).orderBy(asc(users.lastName), asc(users.firstName));
}

/** The users who may act in the organization now (an inactive membership receives nothing of it). */
export async function activeUsersOfOrganization(database: Database, organizationId: number): Promise<UserRow[]> {
  const ids = database.db
    .select({ id: userOrganizations.userId })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.organizationId, organizationId), eq(userOrganizations.active, true)));
  return database.db.select().from(users).where(inArray(users.id, ids)).orderBy(asc(users.lastName), asc(users.firstName));
}

/** The addresses of the organization's members whose membership is inactive: no message of it reaches them. */
export async function inactiveMemberAddresses(database: Database, organizationId: number): Promise<Set<string>> {
  const rows = await database.db
    .select({ email: users.email })
    .from(userOrganizations)
    .innerJoin(users, eq(users.id, userOrganizations.userId))
    .where(and(eq(userOrganizations.organizationId, organizationId), eq(userOrganizations.active, false)));
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

export async function sharesOrganization(database: Database, userId: number, organizationIds: number[]): Promise<boolean> {
  if (organizationIds.length === 0) return false;
  const [row] = await database.db
    .select({ id: userOrganizations.userId })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.userId, userId), inArray(userOrganizations.organizationId, organizationIds)))
    .limit(1);
  return Boolean(row);
}

export type ProfilePatch = Partial<Pick<UserRow, 'firstName' | 'lastName' | 'lang' | 'dateFormat' | 'timezone' | 'phone' | 'theme'>>;
export type UserPatch = ProfilePatch &
  Partial<Pick<UserRow, 'email' | 'picture' | 'isPhoneVerified' | 'isEmailVerified'>>;

export async function updateUser(database: Database, id: number, patch: UserPatch): Promise<UserRow> {
  const [row] = await database.db.update(users).set(patch).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`user ${id} vanished during update`);
  return row;
}

/** A user's pins in one organization: those made in another are that organization's (issue 28.3). */
export async function pinsOf(database: Database, userId: number, organizationId: number | undefined) {
  if (organizationId === undefined) return [];
  return database.db
    .select()
    .from(pins)
    .where(and(eq(pins.userId, userId), eq(pins.organizationId, organizationId)))
    .orderBy(asc(pins.position), asc(pins.id));
}

/**
 * Removes a user from these organizations; the user row goes too when no organization is left.
 * True when the user is gone entirely.
 */
export async function removeUserFromOrganizations(database: Database, userId: number, organizationIds: number[]): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    await tx.delete(userOrganizations).where(and(eq(userOrganizations.userId, userId), inArray(userOrganizations.organizationId, organizationIds)));
    const [left] = await tx.select({ id: userOrganizations.organizationId }).from(userOrganizations).where(eq(userOrganizations.userId, userId)).limit(1);
    if (left) return false;
    await tx.delete(users).where(eq(users.id, userId));
    return true;
  });
}
