import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
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

/** What every signed-in call needs of its user, with its organizations in id order: one statement. */
export async function findCallerRow(database: Database, id: number): Promise<{ id: number; role: string; profileId: number | null; organizationIds: number[] } | null> {
  const { rows } = await database.sql.query<{ id: number; role: string; profile_id: number | null; organization_ids: number[] }>(
    `select u.id, u.role, u.profile_id,
            array(select o.organization_id from user_organizations o where o.user_id = u.id order by 1) as organization_ids
       from users u where u.id = $1`,
    [id],
  );
  const row = rows[0];
  return row ? { id: Number(row.id), role: row.role, profileId: row.profile_id === null ? null : Number(row.profile_id), organizationIds: row.organization_ids.map(Number) } : null;
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
  Partial<Pick<UserRow, 'email' | 'picture' | 'isPhoneVerified' | 'isEmailVerified' | 'customLinks' | 'profileId'>>;

export async function updateUser(database: Database, id: number, patch: UserPatch): Promise<UserRow> {
  const [row] = await database.db.update(users).set(patch).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`user ${id} vanished during update`);
  return row;
}

export async function pinsOf(database: Database, userId: number) {
  return database.db.select().from(pins).where(eq(pins.userId, userId)).orderBy(asc(pins.position), asc(pins.id));
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
