import { eq } from 'drizzle-orm';
import type { SqlTransaction } from '../database.ts';
import type { Db } from '../database.ts';
import { installations } from '../schema.ts';
import { createDemoAlertLogs } from './demoAlertLogs.ts';
import { createDemoFloorPlans } from './demoFloorPlans.ts';
import type { ResolvedSite } from './demoSites.ts';
import { insertRows } from './insertReturningId.ts';

/**
 * What the installation pages need beyond readings: site coordinates (weather), a floor plan per
 * site (map view) and the alert log of the period, derived from the readings already loaded.
 */
export async function createDemoSiteExtras(db: Db, tx: SqlTransaction, sites: readonly ResolvedSite[], fromMs: number, toMs: number) {
  for (const site of sites) {
    const { latitude, longitude } = site.layout;
    await insertRows(tx, db.update(installations).set({ latitude, longitude }).where(eq(installations.id, site.installationId)));
  }
  const floorPlans = await createDemoFloorPlans(db, tx, sites, new Date(toMs));
  const alertLogs = await createDemoAlertLogs(db, tx, sites, fromMs, toMs);
  return { floorPlans, alertLogs };
}
