import type { IngestFigures } from './runIngest.ts';

/**
 * Issue 33's ingest figures, printed in the run that measured them: HTTP ingest against its target
 * (70,000 readings/s on PostgreSQL, 50,000 on the embedded default) and against the bulk path of the
 * same run (at least 0.8x), when this run loaded the dataset (not with --reuse).
 */
export function printIngestAgainstBulk(engine: string, ingest: IngestFigures, load: { bulkReadingsPerSecond: number; bulkLoadSeconds: number; rollupSeconds: number } | null): string {
  const target = engine === 'postgres' ? 70_000 : 50_000;
  const rate = Math.round(ingest.readingsPerSecond);
  const ok = (pass: boolean) => (pass ? 'met' : 'MISSED');
  const parts = [`HTTP ingest (${engine}): ${rate.toLocaleString('en')} readings/s (target >= ${target.toLocaleString('en')}: ${ok(rate >= target)})`];
  if (load) {
    const ratio = ingest.readingsPerSecond / load.bulkReadingsPerSecond;
    parts.push(`${ratio.toFixed(2)}x the bulk path of this run, ${Math.round(load.bulkReadingsPerSecond).toLocaleString('en')} readings/s (target >= 0.8x: ${ok(ratio >= 0.8)})`);
    // The bulk path writes the readings alone (its key built after, on an empty table); its rollups
    // are rebuilt afterwards. HTTP ingest keeps the key and every rollup current as it goes.
    const withRollups = (load.bulkReadingsPerSecond * load.bulkLoadSeconds) / (load.bulkLoadSeconds + load.rollupSeconds);
    parts.push(`${(ingest.readingsPerSecond / withRollups).toFixed(2)}x the bulk path with its rollups rebuilt, ${Math.round(withRollups).toLocaleString('en')} readings/s`);
  } else parts.push('the bulk path not run (--reuse): no ratio');
  return parts.join('; ');
}
