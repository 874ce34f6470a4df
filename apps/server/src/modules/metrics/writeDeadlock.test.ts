import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createOrganization, createSite } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { writeReadings } from './write/readings.write.ts';
import { rebuildRollups } from './write/rollups.refresh.ts';

// Deadlocks need two connections: this file runs on PostgreSQL (the machine's, as the CI starts it) whatever npm test uses.
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let database: Database & { url?: string };
let org = 0;

beforeAll(async () => {
  database = await openTestDatabase({ serverUrl: PG });
  org = (await createOrganization(database)).id;
});

afterAll(async () => {
  await database.close();
});

describe('a batch caught in a deadlock', () => {
  it('is run again in a new transaction and kept whole, with the rollups a rebuild gives', async () => {
    const site = await createSite(database, org, { timezone: 'Europe/Paris', changeOfDayTime: '00:00' });
    const target = site.top.id;
    const at = (iso: string, value: number) => ({ organizationId: org, targetKind: 'zone' as const, targetId: target, metric: 'visitorsIn', ts: new Date(iso), value });
    await writeReadings(database, [at('2026-08-03T08:00:00Z', 5)]);

    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      // Another writer holds the hour's rollup row...
      await other.query('BEGIN');
      await other.query("SELECT 1 FROM rollup_hour WHERE target_id = $1 AND metric = 'visitorsIn' FOR UPDATE", [target]);
      // ...the batch inserts its reading and waits for that row...
      const batch = writeReadings(database, [at('2026-08-03T08:05:00Z', 3)]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // ...and the other writer now waits for the batch's reading: a cycle. The batch, waiting longer, is aborted (40P01).
      const theirs = other.query(
        "INSERT INTO readings (organization_id, target_kind, target_id, metric, breakdown, ts, value) VALUES ($1, 'zone', $2, 'visitorsIn', '', '2026-08-03T08:05:00Z', 9)",
        [org, target],
      );
      await theirs;
      // The other writer gives up; the batch's next attempt goes through.
      await other.query('ROLLBACK');
      expect(await batch).toBe(1);
    } finally {
      await other.end();
    }
    const { rows } = await database.sql.query<{ value: number }>('SELECT value FROM readings WHERE target_id = $1 ORDER BY ts', [target]);
    expect(rows.map((r) => r.value)).toEqual([5, 3]);
    const hour = async () => (await database.sql.query<{ sum: number; count: number }>("SELECT sum, count FROM rollup_hour WHERE target_id = $1 AND metric = 'visitorsIn'", [target])).rows;
    const kept = await hour();
    expect(kept).toEqual([{ sum: 8, count: 2 }]);
    await rebuildRollups(database.sql, org);
    expect(await hour()).toEqual(kept);
  });
});
