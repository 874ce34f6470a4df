import type { Database } from '../../db/database.ts';
import { readings } from '../../composition/tables.ts';
import { createSite } from '../../test/factories.ts';
import { rebuildRollups } from './write/rollups.refresh.ts';

/**
 * A site in Paris whose top zone counts 2 visitors in every quarter hour of 1 and 2 October 2026,
 * rolled up: the data of the engine's fairness and budget tests. Gives the site's id.
 */
export async function createSiteWithTwoDaysOfVisitors(database: Database, organizationId: number): Promise<number> {
  const { site, top } = await createSite(database, organizationId, { timezone: 'Europe/Paris' });
  const rows = [];
  for (let t = Date.parse('2026-10-01T00:00:00Z'); t < Date.parse('2026-10-03T00:00:00Z'); t += 15 * 60_000) {
    rows.push({ organizationId, targetKind: 'zone', targetId: top.id, metric: 'visitorsIn', ts: new Date(t), value: 2 });
  }
  await database.db.insert(readings).values(rows);
  await rebuildRollups(database.sql, organizationId);
  return site.id;
}
