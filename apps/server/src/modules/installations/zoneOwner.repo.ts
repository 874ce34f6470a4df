import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { installations, zones } from './installations.tables.ts';

/** The zone with its installation's organization, or null when it does not exist. */
export async function findZoneOwner(database: Database, zoneId: number) {
  const [row] = await database.db
    .select({ id: zones.id, name: zones.name, installationId: zones.installationId, organizationId: installations.organizationId })
    .from(zones)
    .innerJoin(installations, eq(installations.id, zones.installationId))
    .where(eq(zones.id, zoneId));
  return row ?? null;
}
