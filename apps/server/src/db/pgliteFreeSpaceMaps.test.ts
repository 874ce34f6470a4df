import fs, { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.ts';

/** How often PGlite's file system asked for a free space map file while `work` ran (each ask is an lstat on Node). */
async function fsmLookups(work: () => Promise<unknown>): Promise<number> {
  // PGlite's file system calls node:fs through its module object, where a replaced function is seen.
  const nodeFs = fs as { lstatSync: typeof fs.lstatSync };
  const original = nodeFs.lstatSync;
  let asked = 0;
  nodeFs.lstatSync = ((path: fs.PathLike, options?: fs.StatSyncOptions) => {
    if (String(path).endsWith('_fsm')) asked += 1;
    return original(path, options);
  }) as typeof fs.lstatSync;
  try {
    await work();
  } finally {
    nodeFs.lstatSync = original;
  }
  return asked;
}

const insertReadings = (database: Database, from: number) =>
  database.sql.query(
    `INSERT INTO readings (organization_id, target_kind, target_id, metric, breakdown, ts, value)
       SELECT 1, 'zone', g % 50, 'visitorsIn', '', timestamptz '2026-01-01 00:00Z' + g * interval '15 minutes', g FROM generate_series($1::int, $1::int + 19999) AS g`,
    [from],
  );

describe('free space maps on PGlite on disk', () => {
  let dir: string;
  let database: Database;
  const fileOf = async (relation: string) => {
    const { rows } = await database.sql.query<{ path: string }>('SELECT pg_relation_filepath($1::regclass) AS path', [relation]);
    return join(dir, rows[0]!.path);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sitelens-fsm-'));
    database = await openDatabase({ dataDir: dir });
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a relation made later asks on every page split until it is given its map', async () => {
    await database.sql.query('CREATE TABLE fsm_probe (k int PRIMARY KEY)');
    const fill = (from: number) => database.sql.query('INSERT INTO fsm_probe SELECT g FROM generate_series($1::int, $1::int + 49999) AS g', [from]);
    // Also the proof that fsmLookups sees PGlite's asks, which the other tests count as (almost) none.
    expect(await fsmLookups(() => fill(0))).toBeGreaterThan(50);
    // The primary key's index (the table got its map from the insert).
    expect(await database.addFreeSpaceMaps!()).toBe(1);
    expect(await fsmLookups(() => fill(50_000))).toBeLessThanOrEqual(2);
    const { rows } = await database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM fsm_probe');
    expect(rows[0]!.n).toBe(100_000);
  });

  it('gives our indexes a map of one empty page at opening, and B-tree page splits then do not ask for it', async () => {
    const index = await fileOf('readings_organization_id_target_kind_target_id_metric_breakdown_ts_pk');
    expect(statSync(`${index}_fsm`).size).toBe(8192);
    // At most one ask per relation, when its map first grows to a leaf page: the readings table and its
    // index, and the data versions' table and index that the insert's trigger writes (issue 33.4).
    expect(await fsmLookups(() => insertReadings(database, 0))).toBeLessThanOrEqual(4);
    expect(await database.addFreeSpaceMaps!()).toBe(0);
  });

  it('PostgreSQL takes the page as its own map: vacuum records freed pages in it, and they are used again', async () => {
    const index = await fileOf('readings_organization_id_target_kind_target_id_metric_breakdown_ts_pk');
    await database.sql.query('DELETE FROM readings');
    // Deleted B-tree pages are recorded by the next vacuum, once no transaction can still see them.
    await database.sql.query('VACUUM readings');
    await database.sql.query('VACUUM readings');
    // Recording the emptied pages grew the map beyond its first page.
    expect(statSync(`${index}_fsm`).size).toBeGreaterThan(8192);
    const pagesBefore = statSync(index).size;
    await insertReadings(database, 0);
    // The index filled its recycled pages rather than growing.
    expect(statSync(index).size).toBe(pagesBefore);
    const { rows } = await database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM readings');
    expect(rows[0]!.n).toBe(20_000);
  });
});
