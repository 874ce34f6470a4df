import { appendFileSync, existsSync, rmSync } from 'node:fs';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { type BenchLayout, FROM, TO } from '../dataset/layout.ts';
import { readingBatches } from '../dataset/readingStream.ts';

export interface DuckdbLoadFigures {
  readings: number;
  seconds: number;
  readingsPerSecond: number;
}

/**
 * DuckDB's copy of the same raw readings (the generator is deterministic), one CSV chunk per site
 * through COPY, site after site so that each zone's rows sit together as they would after an
 * export. The ingest window is left out: no request reads it.
 */
export async function loadDuckdb(path: string, layout: BenchLayout, reuse: boolean): Promise<{ connection: DuckDBConnection; load: DuckdbLoadFigures | null; close: () => void }> {
  if (reuse && existsSync(path)) {
    const kept = await openDuckdb(path);
    const expected = layout.sites.reduce((n, s) => n + s.zoneIds.length * 3, 0) * ((TO - FROM) / 900_000);
    const found = await kept.connection.runAndReadAll('select count(*) from readings').then((r) => Number(r.getRows()[0]![0]), () => -1);
    if (found === expected) return { ...kept, load: null };
    kept.close();
  }
  rmSync(path, { force: true });
  rmSync(`${path}.wal`, { force: true });
  const { connection, close } = await openDuckdb(path);

  await connection.run('create table readings (zone_id integer not null, metric varchar not null, ts timestamptz not null, value double not null)');
  const chunk = `${path}.chunk.csv`;
  const started = performance.now();
  let readings = 0;
  for (const site of layout.sites) {
    rmSync(chunk, { force: true });
    for (const batch of readingBatches(layout.organizationId, [site], FROM, TO, 100_000)) {
      let lastTs = NaN;
      let lastIso = '';
      const lines = batch.map((r) => {
        if (r.ts !== lastTs) [lastTs, lastIso] = [+r.ts, new Date(r.ts).toISOString()];
        return `${r.targetId},${r.metric},${lastIso},${r.value}\n`;
      });
      appendFileSync(chunk, lines.join(''));
      readings += batch.length;
    }
    await connection.run(`copy readings from '${chunk}' (format csv, header false)`);
  }
  rmSync(chunk, { force: true });
  await connection.run('checkpoint');
  const seconds = (performance.now() - started) / 1000;
  return { connection, load: { readings, seconds, readingsPerSecond: readings / seconds }, close };
}

async function openDuckdb(path: string): Promise<{ connection: DuckDBConnection; close: () => void }> {
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  await connection.run("set TimeZone = 'UTC'");
  return {
    connection,
    close: () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
