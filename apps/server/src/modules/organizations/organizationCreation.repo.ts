import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { userOrganizations, users } from '../users/users.tables.ts';
import { DEFAULT_PROFILES } from './defaultProfiles.ts';
import { type OrganizationRow } from './organizations.repo.ts';
import { organizations, profiles } from './organizations.tables.ts';

export async function emailOfUser(database: Database, userId: number): Promise<string | null> {
  const [row] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** A new organization with its two default profiles, `userId` its administrator, in one transaction. */
export function insertOrganizationWithAdmin(database: Database, name: string, userId: number): Promise<OrganizationRow> {
  return database.db.transaction(async (tx) => {
    const [organization] = await tx.insert(organizations).values({ name, address: null, logo: null, migrationDeadline: null, features: {} }).returning();
    if (!organization) throw new Error('organization not created');
    const profileRows = await tx
      .insert(profiles)
      .values([DEFAULT_PROFILES.administrator, DEFAULT_PROFILES.viewer].map((p) => ({ organizationId: organization.id, ...p })))
      .returning({ id: profiles.id, name: profiles.name });
    const administrator = profileRows.find((p) => p.name === DEFAULT_PROFILES.administrator.name)!;
    await tx.insert(userOrganizations).values({ userId, organizationId: organization.id, role: 'admin', profileId: administrator.id });
    return organization;
  });
}
