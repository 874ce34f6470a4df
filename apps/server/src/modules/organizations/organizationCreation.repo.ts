import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { userOrganizations, users } from '../users/users.tables.ts';
import { namedDefaultProfiles } from './defaultProfiles.ts';
import { type OrganizationRow } from './organizations.repo.ts';
import { organizations, profiles } from './organizations.tables.ts';

/** The creating user's address (who may create) and language (the default profiles are named in it). */
export async function creatorOf(database: Database, userId: number): Promise<{ email: string; lang: string } | null> {
  const [row] = await database.db.select({ email: users.email, lang: users.lang }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/**
 * A new organization with its two default profiles named in `lang`, `userId` its administrator, in
 * one transaction.
 */
export function insertOrganizationWithAdmin(database: Database, name: string, userId: number, lang: string): Promise<OrganizationRow> {
  const named = namedDefaultProfiles(lang);
  return database.db.transaction(async (tx) => {
    const [organization] = await tx.insert(organizations).values({ name, address: null, logo: null, migrationDeadline: null, features: {} }).returning();
    if (!organization) throw new Error('organization not created');
    const profileRows = await tx
      .insert(profiles)
      .values([named.administrator, named.viewer].map((p) => ({ organizationId: organization.id, ...p })))
      .returning({ id: profiles.id, name: profiles.name });
    const administrator = profileRows.find((p) => p.name === named.administrator.name)!;
    await tx.insert(userOrganizations).values({ userId, organizationId: organization.id, role: 'admin', profileId: administrator.id });
    return organization;
  });
}
