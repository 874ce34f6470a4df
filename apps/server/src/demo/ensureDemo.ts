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

/** The parts of the demo's build, in order, for the start's progress (the sign-in page shows it). */
export const DEMO_STEPS = 5;

/**
 * Creates the demo organization on an empty database (true) or leaves an existing one as it is
 * (false). onStep hears each part as it begins (1 to DEMO_STEPS), so a server already answering can
 * say how far it is.
 */
export async function ensureDemo(
  database: Database,
  opts: { seed: number; days: number; now: Date; log: Log; blobs?: BlobStore; config: Config; onStep?: (step: number, steps: number) => void },
): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(organizations);
  if ((row?.n ?? 0) > 0) return false;
  const step = (n: number) => opts.onStep?.(n, DEMO_STEPS);
  step(1);
  const started = Date.now();
  opts.log.info(`Creating the demo organization with ${opts.days} days of readings...`);
  const summary = await generateDemo(database, { seed: opts.seed, now: opts.now, days: opts.days });
  // The generator bulk-loads raw readings; the rollups are filled once, at the end.
  step(2);
  await rebuildRollups(database.sql, summary.organizationId);
  // Alerts on the demo's sites, and their history: the evaluator run over the demo's last days.
  step(3);
  const alertIds = await createDemoAlerts(database, summary.organizationId, opts.now);
  const replayed = Date.now();
  const episodes = await replayDemoAlerts({ database, config: opts.config }, alertIds, +summary.from, opts.now);
  opts.log.info(`Demo alert history: ${episodes} episodes from the evaluator in ${((Date.now() - replayed) / 1000).toFixed(1)} s`);
  if (opts.blobs) {
    step(4);
    await createDemoHeatmaps(database, opts.blobs, { organizationId: summary.organizationId, to: summary.to });
    // The shops' receipts arrive as sales files (one per month), through the import a customer's file takes.
    step(5);
    const sites = await loadDemoSites(database, summary.organizationId);
    const sales = await importDemoSales(database, opts.blobs, { organizationId: summary.organizationId, sites, seed: opts.seed, from: +summary.from, to: +summary.to, now: opts.now });
    opts.log.info(`Demo sales imported: ${sales.reduce((n, file) => n + file.rowsImported, 0)} receipts in ${sales.length} monthly files`);
  }
  opts.log.info(`Demo organization ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${JSON.stringify(summary.counts ?? {})})`);
  return true;
}
