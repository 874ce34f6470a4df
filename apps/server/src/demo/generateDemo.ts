import { hashPassword } from '../modules/auth/password.ts';
import { bulkLoadReadings } from '../modules/metrics/write/readings.write.ts';
import { withTransaction } from '../db/transaction.ts';
import type { Database } from '../db/database.ts';
import { createDemoAccounts } from './createDemoAccounts.ts';
import { createDemoDashboards } from './createDemoDashboards.ts';
import { createDemoSites, type DemoStructureCounts } from './createDemoSites.ts';
import type { SiteKey } from './demoLayout.ts';
import { demoReadings } from './demoReadings.ts';
import { createDemoSiteExtras } from './demoSiteExtras.ts';
import { DEMO_PASSWORD } from './demoSites.ts';

export interface DemoOptions {
  seed: number;
  now: Date;
  /** Days of history before `now`; 90 unless told. */
  days?: number;
}

export interface DemoSummary {
  organizationId: number;
  installationIds: Record<SiteKey, number>;
  userIds: { admin: number; viewer: number };
  counts: DemoStructureCounts & { users: number; readings: number };
  /** Readings cover 15-minute steps starting in [from, to). */
  from: Date;
  to: Date;
}

const QUARTER_MS = 900_000;
const DAY_MS = 86_400_000;

/**
 * Fills an empty database with the demo organization: two users, three sites in three time
 * zones and `days` of 15-minute readings up to the last complete quarter hour before `now`.
 * Deterministic for a seed and `now`; all or nothing.
 */
export async function generateDemo(database: Database, options: DemoOptions): Promise<DemoSummary> {
  const { seed, now, days = 90 } = options;
  const to = Math.floor(now.getTime() / QUARTER_MS) * QUARTER_MS;
  const from = to - days * DAY_MS;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return withTransaction(database, async (tx) => {
    const accounts = await createDemoAccounts(database.db, tx, passwordHash);
    const { sites, counts } = await createDemoSites(database.db, tx, accounts.organizationId, from, now.getTime());
    await createDemoDashboards(database.db, tx, accounts.organizationId, sites);
    const readings = await bulkLoadReadings(tx, demoReadings(sites, seed, from, to, 15));
    await createDemoSiteExtras(database.db, tx, sites, to);
    const idOf = (key: SiteKey) => sites.find((s) => s.layout.key === key)!.installationId;
    return {
      organizationId: accounts.organizationId,
      installationIds: { shoppingCentre: idOf('shoppingCentre'), fashionStore: idOf('fashionStore'), office: idOf('office') },
      userIds: accounts.userIds,
      counts: { ...counts, users: 2, readings },
      from: new Date(from),
      to: new Date(to),
    };
  });
}
