import { eq } from 'drizzle-orm';
import type { SqlTransaction } from '../db/database.ts';
import type { Db } from '../db/database.ts';
import { installations } from '../composition/tables.ts';
import { createDemoFloorPlans } from './demoFloorPlans.ts';
import type { ResolvedSite } from './demoSites.ts';
import { insertRows } from './insertReturningId.ts';

/**
 * What the installation pages need beyond readings: site coordinates (weather) and a floor plan per
 * site (map view). The alert log is the evaluator's (demoAlertHistory.ts), once the alerts exist.
 */
export async function createDemoSiteExtras(db: Db, tx: SqlTransaction, sites: readonly ResolvedSite[], toMs: number) {
  for (const site of sites) {
    const { latitude, longitude } = site.layout;
    await insertRows(tx, db.update(installations).set({ latitude, longitude }).where(eq(installations.id, site.installationId)));
  }
  const floorPlans = await createDemoFloorPlans(db, tx, sites, new Date(toMs));
  return { floorPlans };
}
