import type { Database } from '../../apps/server/src/db/database.ts';
import { bulkLoadReadings } from '../../apps/server/src/modules/metrics/write/readings.write.ts';
import type { ReadingRow } from '../../apps/server/src/modules/metrics/write/readings.write.ts';
import { rebuildRollups } from '../../apps/server/src/modules/metrics/write/rollups.refresh.ts';
import { type BenchLayout, type BenchSite, FROM, TO } from './layout.ts';
import { readingBatches } from './readingStream.ts';

export interface LoadFigures {
  readings: number;
  /** Of bulkLoadSeconds, the time spent making readings in the generator (not the database's). */
  generatorSeconds: number;
  bulkLoadSeconds: number;
  bulkReadingsPerSecond: number;
  rollupSeconds: number;
  analyzeSeconds: number;
}

/** Passes batches through, printing progress about every 5 M readings and timing the generator. */
function* withProgress(batches: Iterable<ReadingRow[]>, total: number, started: number, spent: { ms: number }): Generator<ReadingRow[]> {
  let done = 0;
  let next = 5_000_000;
  const it = batches[Symbol.iterator]();
  for (;;) {
    const t0 = performance.now();
    const step = it.next();
    spent.ms += performance.now() - t0;
    if (step.done) return;
    const batch = step.value;
    yield batch;
    done += batch.length;
    if (done >= next) {
      const s = (performance.now() - started) / 1000;
      console.log(`  bulk load: ${(done / 1e6).toFixed(1)} / ${(total / 1e6).toFixed(1)} M readings, ${Math.round(done / s).toLocaleString('en')} /s`);
      next += 5_000_000;
    }
  }
}

/**
 * The bulk path of the demo generator: a year of readings streamed into bulkLoadReadings (COPY on
 * PGlite), then rebuildRollups once, as ensureDemo does; then ANALYZE, which PostgreSQL's autovacuum
 * would run on its own and PGlite (no background workers) never does. `sites` narrows the readings
 * to some of the layout's sites (the exports phase alone loads its one site's year).
 */
export async function loadDataset(database: Database, layout: BenchLayout, sites: readonly BenchSite[] = layout.sites): Promise<LoadFigures> {
  const total = sites.reduce((n, s) => n + s.zoneIds.length * 3, 0) * ((TO - FROM) / 900_000);
  const t0 = performance.now();
  const generator = { ms: 0 };
  const readings = await bulkLoadReadings(database, withProgress(readingBatches(layout.organizationId, sites, FROM, TO), total, t0, generator), {
    indexesAfter: true,
  });
  const t1 = performance.now();
  console.log(`  bulk load: ${readings.toLocaleString('en')} readings in ${((t1 - t0) / 1000).toFixed(1)} s; rebuilding rollups...`);
  await rebuildRollups(database.sql, layout.organizationId);
  const t2 = performance.now();
  console.log(`  rollups rebuilt in ${((t2 - t1) / 1000).toFixed(1)} s; analyzing...`);
  await database.sql.query('analyze');
  // The bulk load rebuilt the readings index: its free space map, as opening the database gives it (pgliteFreeSpaceMaps.ts).
  await database.addFreeSpaceMaps?.();
  const t3 = performance.now();
  return {
    readings,
    generatorSeconds: generator.ms / 1000,
    bulkLoadSeconds: (t1 - t0) / 1000,
    bulkReadingsPerSecond: readings / ((t1 - t0) / 1000),
    rollupSeconds: (t2 - t1) / 1000,
    analyzeSeconds: (t3 - t2) / 1000,
  };
}
