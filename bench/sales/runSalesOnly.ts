import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { bulkLoadReadings } from '../../apps/server/src/modules/metrics/write/readings.write.ts';
import { rebuildRollups } from '../../apps/server/src/modules/metrics/write/rollups.refresh.ts';
import { DATA_DIR } from '../dataset/benchDatabase.ts';
import { FROM, TO, createLayout, readLayout } from '../dataset/layout.ts';
import { readingBatches } from '../dataset/readingStream.ts';
import type { RunPlan } from '../queries/timeRuns.ts';
import { startBenchServer } from '../server/benchServer.ts';
import { type FunnelTiming, timeFunnel } from './runFunnel.ts';
import { FUNNEL_SHOPS, type SalesFigures, importSideBySide, runSales } from './runSales.ts';

const SALES_PGLITE_DIR = `${DATA_DIR}sales-pglite`;
/** Written beside a kept database once its footfall and both imports are in (--keep-sales-data). */
const SALES_MARKER = `${DATA_DIR}sales-pglite.json`;

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
export async function runSalesOnly(plan: RunPlan, { footfall = true, keep = false, scale = 1 }: { footfall?: boolean; keep?: boolean; scale?: number } = {}): Promise<SalesOnlyFigures | { funnel: FunnelTiming; reused: true }> {
  const kept = keep && existsSync(SALES_MARKER) && existsSync(SALES_PGLITE_DIR) ? (JSON.parse(readFileSync(SALES_MARKER, 'utf8')) as { organizationId: number }) : null;
  if (kept) return { funnel: await funnelOnKeptData(kept.organizationId, plan), reused: true };
  rmSync(SALES_MARKER, { force: true });
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
    // The bulk load rebuilt the readings index: its free space map, as opening the database gives it (pgliteFreeSpaceMaps.ts).
    await database.addFreeSpaceMaps?.();
    const footfallSeconds = (performance.now() - t0) / 1000;
    console.log(`  ${footfallReadings.toLocaleString('en')} readings and their rollups in ${footfallSeconds.toFixed(1)} s`);
    const server = await startBenchServer(database);
    try {
      const figures = { ...(await runSales(database, server, layout, scale, plan)), footfallReadings, footfallSeconds };
      if (keep) writeFileSync(SALES_MARKER, JSON.stringify({ organizationId: layout.organizationId }));
      return figures;
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
    if (!keep) rmSync(SALES_PGLITE_DIR, { recursive: true, force: true });
  }
}

/**
 * --keep-sales-data on a database an earlier --sales-only --keep-sales-data run left (its year of
 * entries and the 150,000 receipts imported twice): the funnel alone, on the same data and server path.
 */
async function funnelOnKeptData(organizationId: number, plan: RunPlan): Promise<FunnelTiming> {
  console.log(`Sales only: reusing the kept ${SALES_PGLITE_DIR} (footfall and receipts already in), the funnel alone...`);
  const database = await openDatabase({ dataDir: SALES_PGLITE_DIR });
  try {
    const layout = await readLayout(database, organizationId);
    const server = await startBenchServer(database);
    try {
      return await timeFunnel(server, layout, plan);
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
  }
}

export function printSales(f: SalesFigures | { funnel: FunnelTiming; reused: true }): void {
  if ('reused' in f) {
    console.log(`\nSales (kept data, funnel only):`);
    console.log(funnelLine(f.funnel));
    return;
  }
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
  console.log(`\nSales (${f.receipts.toLocaleString('en')} receipts, ${mb(f.fileBytes)} of CSV, ${f.shops} shops):`);
  console.log(`  imported, validated and visible in retailData: ${(f.importMs / 1000).toFixed(2)} s (target: under 10 s) ${f.importMs < 10_000 ? 'OK' : 'OVER'}, ${Math.round(f.receiptsPerSecond).toLocaleString('en')} receipts/s; CPU ${(f.importCpuMs / 1000).toFixed(2)} s`);
  console.log(`  server process memory during the import: RSS +${f.rssGrowthMb} MB, heap +${f.heapGrowthMb} MB`);
  console.log(`  the same file again (every receipt replaced): ${(f.reimportMs / 1000).toFixed(2)} s; CPU ${(f.reimportCpuMs / 1000).toFixed(2)} s`);
  console.log(`  a corrected file (${f.corrected.toLocaleString('en')} lines changed, every receipt replaced): ${(f.correctedMs / 1000).toFixed(2)} s (target: under 10 s) ${f.correctedMs < 10_000 ? 'OK' : 'OVER'}; CPU ${(f.correctedCpuMs / 1000).toFixed(2)} s`);
  console.log(`  ${importSideBySide(f)}`);
  console.log(funnelLine(f.funnel));
}

function funnelLine(f: FunnelTiming): string {
  return `  funnel, ${f.shops} shops x ${f.months} months: p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms (target: under 100 ms) ${f.p95 < 100 ? 'OK' : 'OVER'}, ${f.n} runs; CPU ${f.cpuMs.toFixed(1)} ms per call`;
}
