import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { devices, installations } from '../installations/installations.tables.ts';
import { userOrganizations } from '../users/users.tables.ts';
import { organizations } from './organizations.tables.ts';

export type OrganizationRow = typeof organizations.$inferSelect;

export async function findOrganization(database: Database, id: number): Promise<OrganizationRow | null> {
  const [row] = await database.db.select().from(organizations).where(eq(organizations.id, id));
  return row ?? null;
}

export type OrganizationPatch = Partial<Pick<OrganizationRow, 'name' | 'address' | 'logo' | 'customLinks' | 'migrationDeadline'>>;

export async function updateOrganizationRow(database: Database, id: number, patch: OrganizationPatch): Promise<OrganizationRow> {
  const [row] = await database.db.update(organizations).set(patch).where(eq(organizations.id, id)).returning();
  if (!row) throw new Error(`organization ${id} vanished during update`);
  return row;
}

/** Sets or clears (null) the migration deadline, a YYYY-MM-DD date. */
export async function updateMigrationDeadline(database: Database, id: number, deadline: string | null): Promise<void> {
  await database.db.update(organizations).set({ migrationDeadline: deadline }).where(eq(organizations.id, id));
}

export async function installationIdsOf(database: Database, organizationId: number): Promise<number[]> {
  const rows = await database.db
    .select({ id: installations.id })
    .from(installations)
    .where(eq(installations.organizationId, organizationId))
    .orderBy(installations.id);
  return rows.map((r) => r.id);
}

export async function organizationCounts(database: Database, organizationIds: number[]) {
  const { db } = database;
  const siteIds = db.select({ id: installations.id }).from(installations).where(inArray(installations.organizationId, organizationIds));
  const deviceCount = async (kind?: string) => {
    const where = kind ? and(inArray(devices.installationId, siteIds), eq(devices.kind, kind)) : inArray(devices.installationId, siteIds);
    const [row] = await db.select({ n: count() }).from(devices).where(where);
    return row?.n ?? 0;
  };
  const [[sites], [users], padCount, deviceAtmosphereCount, totalDeviceCount] = await Promise.all([
    db.select({ n: count() }).from(installations).where(inArray(installations.organizationId, organizationIds)),
    db.select({ n: count() }).from(userOrganizations).where(inArray(userOrganizations.organizationId, organizationIds)),
    deviceCount('pad'),
    deviceCount('atmosphere'),
    deviceCount(),
  ]);
  return { installationCount: sites?.n ?? 0, userCount: users?.n ?? 0, padCount, deviceAtmosphereCount, totalDeviceCount };
}
