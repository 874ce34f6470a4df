import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { devices, installations, organizations, passages, zones } from '../composition/tables.ts';
import { DEMO_ORGANIZATION, DEMO_SITES, type ResolvedSite } from './demoSites.ts';

/**
 * Finds the demo sites again in the database, by name, for the simulator: the organization
 * (the given one, else the one named like the demo), its installations, and their zones,
 * passages and devices. Anything renamed or deleted since is left out and gets no readings.
 */
export async function loadDemoSites(database: Database, organizationId?: number): Promise<ResolvedSite[]> {
  const { db } = database;
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(organizationId === undefined ? eq(organizations.name, DEMO_ORGANIZATION.name) : eq(organizations.id, organizationId))
    .orderBy(organizations.id)
    .limit(1);
  if (!org) return [];
  const sites = await db.select().from(installations).where(eq(installations.organizationId, org.id));
  const installationIds = sites.map((s) => s.id);
  if (installationIds.length === 0) return [];
  const zoneRows = await db.select().from(zones).where(and(inArray(zones.installationId, installationIds), isNull(zones.deletedAt)));
  const passageRows = await db.select().from(passages).where(inArray(passages.installationId, installationIds));
  const deviceRows = await db.select().from(devices).where(inArray(devices.installationId, installationIds));
  const resolved: ResolvedSite[] = [];
  for (const layout of DEMO_SITES) {
    const site = sites.find((s) => s.name === layout.name);
    if (!site) continue;
    const byName = <T extends { installationId: number; name: string; id: number }>(rows: T[], items: { key: string; name: string }[]) => {
      const ids = new Map<string, number>();
      for (const item of items) {
        const row = rows.find((r) => r.installationId === site.id && r.name === item.name);
        if (row) ids.set(item.key, row.id);
      }
      return ids;
    };
    resolved.push({
      layout,
      organizationId: org.id,
      installationId: site.id,
      zoneIds: byName(zoneRows, layout.zones),
      passageIds: byName(passageRows, layout.passages),
      deviceIds: byName(deviceRows, layout.devices),
    });
  }
  return resolved;
}
