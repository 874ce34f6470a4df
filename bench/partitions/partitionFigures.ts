import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/database.ts';
import { generateDemo } from '../../apps/server/src/demo/generateDemo.ts';
import { partitionTables, unpartitionTables } from '../../apps/server/src/modules/metrics/partitions/movePartitions.ts';
import { writeReadings } from '../../apps/server/src/modules/metrics/write/readings.write.ts';
import { loadDataset } from '../dataset/loadDataset.ts';
import { FROM, NOW, TO, createLayout } from '../dataset/layout.ts';

/**
 * Issue 31.3's figures: a database of the demo's 90 days plus a year of bench data (BENCH_SCALE of
 * the 50 bench sites), moved into monthly partitions and back on PostgreSQL (PARTITIONS_PG, a server
 * URL: a new database is made and dropped), and the same queries timed on one table and on
 * partitions, on PostgreSQL and on the embedded PGlite.
 *   node --import tsx bench/partitions/partitionFigures.ts
 */
const scale = Number(process.env.BENCH_SCALE ?? 0.06);
const server = process.env.PARTITIONS_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function fill(database: Database): Promise<{ organizationId: number; zoneId: number; siteZones: number[] }> {
  await generateDemo(database, { seed: 2026, now: new Date(NOW), days: 90 });
  const layout = await createLayout(database, scale);
  await loadDataset(database, layout);
  const { rebuildRollups } = await import('../../apps/server/src/modules/metrics/write/rollups.refresh.ts');
  const { rows } = await database.sql.query<{ id: number }>('SELECT id FROM organizations ORDER BY id');
  for (const { id } of rows) await rebuildRollups(database.sql, id);
  await database.sql.query('ANALYZE');
  return { organizationId: layout.organizationId, zoneId: layout.sites[0]!.zoneIds[1]!, siteZones: layout.sites[0]!.zoneIds };
}

const series = async (database: Database) =>
  JSON.stringify(
    (
      await database.sql.query(
        `SELECT s.installation_id, r.metric, count(*)::int AS n, sum(r.value::numeric)::text AS total FROM readings r JOIN target_sites s ON s.kind = r.target_kind AND s.id = r.target_id GROUP BY 1, 2 ORDER BY 1, 2`,
      )
    ).rows,
  );

/** The median of 5 runs of each query, in ms. */
async function timeQueries(database: Database, ids: { organizationId: number; zoneId: number; siteZones: number[] }): Promise<Record<string, number>> {
  const week = [new Date(TO - 7 * 86_400_000).toISOString(), new Date(TO).toISOString()];
  const queries: Record<string, [string, unknown[]]> = {
    'one zone, 7 days, raw readings': [
      `SELECT sum(value) FROM readings WHERE organization_id = $1 AND target_kind = 'zone' AND target_id = $2 AND metric = 'visitorsIn' AND ts >= $3 AND ts < $4`,
      [ids.organizationId, ids.zoneId, ...week],
    ],
    'one site, 90 days, hour rollups': [
      `SELECT sum(sum) FROM rollup_hour WHERE organization_id = $1 AND target_kind = 'zone' AND target_id = ANY($2) AND metric = 'visitorsIn' AND bucket >= $3`,
      [ids.organizationId, ids.siteZones, new Date(TO - 90 * 86_400_000).toISOString()],
    ],
    'all zones, a year, day rollups': [`SELECT metric, sum(sum) FROM rollup_day WHERE organization_id = $1 AND day >= $2 GROUP BY 1`, [ids.organizationId, new Date(FROM).toISOString().slice(0, 10)]],
  };
  const out: Record<string, number> = {};
  for (const [name, [text, params]] of Object.entries(queries)) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await database.sql.query(text, params);
      times.push(performance.now() - t0);
    }
    out[name] = Number(times.sort((a, b) => a - b)[2]!.toFixed(1));
  }
  // A live batch: one reading for each zone of the first site, at the next quarter hour.
  const batch = ids.siteZones.map((targetId) => ({ organizationId: ids.organizationId, targetKind: 'zone' as const, targetId, metric: 'visitorsIn', ts: TO + 3_600_000 + Math.random() * 1e6, value: 1 }));
  const t0 = performance.now();
  await writeReadings(database, batch);
  out['live batch of 10 readings'] = Number((performance.now() - t0).toFixed(1));
  return out;
}

async function measure(engine: 'postgres' | 'pglite'): Promise<void> {
  const name = `sitelens_partitions_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  if (engine === 'postgres') {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  }
  const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  const database = await openDatabase(engine === 'postgres' ? { url } : { dataDir: null });
  try {
    const t0 = performance.now();
    const ids = await fill(database);
    const { rows } = await database.sql.query<{ n: string }>('SELECT count(*) AS n FROM readings');
    console.log(`${engine}: ${Number(rows[0]!.n).toLocaleString('en')} readings loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    console.log(`${engine}: one table`, await timeQueries(database, ids));
    const before = await series(database);
    let t = performance.now();
    const up = await partitionTables(database, new Date(NOW));
    console.log(`${engine}: up in ${((performance.now() - t) / 1000).toFixed(1)} s`, JSON.stringify(up));
    await database.sql.query('ANALYZE');
    console.log(`${engine}: same count and sum per site and metric after up: ${before === (await series(database)) ? 'yes' : 'NO'}`);
    console.log(`${engine}: partitioned`, await timeQueries(database, ids));
    const after = await series(database);
    t = performance.now();
    const down = await unpartitionTables(database);
    console.log(`${engine}: down in ${((performance.now() - t) / 1000).toFixed(1)} s`, JSON.stringify(down));
    console.log(`${engine}: same count and sum per site and metric after down: ${after === (await series(database)) ? 'yes' : 'NO'}`);
  } finally {
    await database.close();
    if (engine === 'postgres') {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}

for (const engine of (process.env.PARTITIONS_ENGINES ?? 'postgres,pglite').split(',') as Array<'postgres' | 'pglite'>) await measure(engine);
