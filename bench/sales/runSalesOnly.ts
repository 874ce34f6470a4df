import { rmSync } from 'node:fs';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { bulkLoadReadings } from '../../apps/server/src/modules/metrics/readings.write.ts';
import { rebuildRollups } from '../../apps/server/src/modules/metrics/rollups.refresh.ts';
import { DATA_DIR } from '../dataset/benchDatabase.ts';
import { FROM, TO, createLayout } from '../dataset/layout.ts';
import { readingBatches } from '../dataset/readingStream.ts';
import type { RunPlan } from '../queries/timeRuns.ts';
import { startBenchServer } from '../server/benchServer.ts';
import { FUNNEL_SHOPS, type SalesFigures, runSales } from './runSales.ts';

const SALES_PGLITE_DIR = `${DATA_DIR}sales-pglite`;

export interface SalesOnlyFigures extends SalesFigures {
  /** Entries (visitorsIn, 15 minutes) of the shops' zones over the year, loaded before the import. */
  footfallReadings: number;
  footfallSeconds: number;
}

/** The shops' entries only: the funnel reads them, the other metrics and zones would only cost load time. */
function* entriesOnly(batches: Iterable<Array<{ metric: string }>>) {
  for (const batch of batches) yield batch.filter((r) => r.metric === 'visitorsIn');
}

/**
 * `--sales-only`: the sales phase at full scale on a fresh embedded database (bench/data/sales-pglite,
 * apart from the metrics dataset): 50 shops, a year of their entries, then the 10 MB file of
 * 150,000 receipts through the real server path and the funnel for the 50 shops over 12 months.
 */
export async function runSalesOnly(plan: RunPlan, { footfall = true }: { footfall?: boolean } = {}): Promise<SalesOnlyFigures> {
  rmSync(SALES_PGLITE_DIR, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: SALES_PGLITE_DIR });
  try {
    const layout = await createLayout(database, 1);
    const shops = layout.sites.slice(0, FUNNEL_SHOPS).map((s) => ({ ...s, zoneIds: [s.zoneIds[0]!] }));
    console.log(`Sales only: ${shops.length} shops, ${footfall ? 'a year of their entries' : 'no footfall (--sales-no-footfall)'}...`);
    const t0 = performance.now();
    const footfallReadings = footfall ? await bulkLoadReadings(database, entriesOnly(readingBatches(layout.organizationId, shops, FROM, TO)) as never, { indexesAfter: true }) : 0;
    if (footfall) await rebuildRollups(database.sql, layout.organizationId);
    await database.sql.query('analyze');
    const footfallSeconds = (performance.now() - t0) / 1000;
    console.log(`  ${footfallReadings.toLocaleString('en')} readings and their rollups in ${footfallSeconds.toFixed(1)} s`);
    const server = await startBenchServer(database);
    try {
      return { ...(await runSales(database, server, layout, 1, plan)), footfallReadings, footfallSeconds };
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
    rmSync(SALES_PGLITE_DIR, { recursive: true, force: true });
  }
}

export function printSales(f: SalesFigures): void {
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
  console.log(`\nSales (${f.receipts.toLocaleString('en')} receipts, ${mb(f.fileBytes)} of CSV, ${f.shops} shops):`);
  console.log(`  imported, validated and visible in retailData: ${(f.importMs / 1000).toFixed(2)} s (target: under 10 s) ${f.importMs < 10_000 ? 'OK' : 'OVER'}, ${Math.round(f.receiptsPerSecond).toLocaleString('en')} receipts/s; CPU ${(f.importCpuMs / 1000).toFixed(2)} s`);
  console.log(`  server process memory during the import: RSS +${f.rssGrowthMb} MB, heap +${f.heapGrowthMb} MB`);
  console.log(`  the same file again (every receipt replaced): ${(f.reimportMs / 1000).toFixed(2)} s`);
  console.log(`  funnel, ${f.funnel.shops} shops x ${f.funnel.months} months: p50 ${f.funnel.p50.toFixed(1)} ms, p95 ${f.funnel.p95.toFixed(1)} ms (target: under 100 ms) ${f.funnel.p95 < 100 ? 'OK' : 'OVER'}, ${f.funnel.n} runs`);
}
