import { createDemoAlerts } from './demoAlerts.ts';
import { replayDemoAlerts } from './demoAlertHistory.ts';
import { count } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { generateDemo } from './generateDemo.ts';
import { organizations } from '../composition/tables.ts';
import type { BlobStore } from '../blobs/blobStore.ts';
import { createDemoHeatmaps } from './demoHeatmaps.ts';
import { rebuildRollups } from '../modules/metrics/write/rollups.refresh.ts';
import { importDemoSales } from './demoSales.ts';
import { loadDemoSites } from './loadDemoSites.ts';

interface Log {
  info(msg: string): void;
}

/** Creates the demo organization on an empty database; an existing one is left as it is. */
export async function ensureDemo(database: Database, opts: { seed: number; days: number; now: Date; log: Log; blobs?: BlobStore; config: Config }): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(organizations);
  if ((row?.n ?? 0) > 0) return true;
  const started = Date.now();
  opts.log.info(`Creating the demo organization with ${opts.days} days of readings...`);
  const summary = await generateDemo(database, { seed: opts.seed, now: opts.now, days: opts.days });
  // The generator bulk-loads raw readings; the rollups are filled once, at the end.
  await rebuildRollups(database.sql, summary.organizationId);
  // Alerts on the demo's sites, and their history: the evaluator run over the demo's last days.
  const alertIds = await createDemoAlerts(database, summary.organizationId, opts.now);
  const replayed = Date.now();
  const episodes = await replayDemoAlerts({ database, config: opts.config }, alertIds, +summary.from, opts.now);
  opts.log.info(`Demo alert history: ${episodes} episodes from the evaluator in ${((Date.now() - replayed) / 1000).toFixed(1)} s`);
  if (opts.blobs) {
    await createDemoHeatmaps(database, opts.blobs, { organizationId: summary.organizationId, to: summary.to });
    // The shops' receipts arrive as sales files (one per month), through the import a customer's file takes.
    const sites = await loadDemoSites(database, summary.organizationId);
    const sales = await importDemoSales(database, opts.blobs, { organizationId: summary.organizationId, sites, seed: opts.seed, from: +summary.from, to: +summary.to, now: opts.now });
    opts.log.info(`Demo sales imported: ${sales.reduce((n, file) => n + file.rowsImported, 0)} receipts in ${sales.length} monthly files`);
  }
  opts.log.info(`Demo organization ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${JSON.stringify(summary.counts ?? {})})`);
  return true;
}
