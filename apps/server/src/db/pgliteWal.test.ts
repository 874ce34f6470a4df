import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkLoadReadings } from '../modules/metrics/write/readings.write.ts';
import { type Database, openDatabase } from './database.ts';

// Issue 33.7: a 90-day demo left 353 MB of write-ahead log in the data folder, read on every start.
// Segments a checkpoint no longer needs are removed (not kept for reuse), a bulk load checkpoints,
// and closing leaves the log small.

const SEGMENT = /^[0-9A-F]{24}$/;

describe('the embedded database’s write-ahead log', () => {
  let dir: string;
  let database: Database;
  const segments = () => readdirSync(join(dir, 'pg_wal')).filter((name) => SEGMENT.test(name)).length;
  /** Fills `n` segments of log: a few rows written, then the segment closed. */
  const writeSegments = async (n: number) => {
    for (let i = 0; i < n; i++) {
      await database.sql.query(`INSERT INTO app_settings (key, value) VALUES ($1, '{}') ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [`wal-test-${i}`]);
      await database.sql.query('SELECT pg_switch_wal()');
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sitelens-wal-'));
    database = await openDatabase({ dataDir: dir });
  });

  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('removes the segments a checkpoint no longer needs, instead of keeping them for reuse', async () => {
    const { rows } = await database.sql.query<{ recycle: string }>(`SELECT current_setting('wal_recycle') AS recycle`);
    expect(rows[0]).toEqual({ recycle: 'off' });
    await writeSegments(6);
    expect(segments()).toBeGreaterThanOrEqual(6);
    await database.checkpoint!();
    expect(segments()).toBeLessThanOrEqual(2);
  });

  it('checkpoints after a bulk load of readings, and leaves a small log when closed; the data is there when opened again', async () => {
    await writeSegments(4);
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ organizationId: 1, targetKind: 'zone' as const, targetId: i % 20, metric: 'visitorsIn', ts: Date.UTC(2026, 0, 1) + i * 900_000, value: i }));
    expect(await bulkLoadReadings(database, rows)).toBe(20_000);
    const { rows: lsn } = await database.sql.query<{ behind: string }>(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::text AS behind FROM pg_control_checkpoint()`);
    expect(Number(lsn[0]!.behind)).toBeLessThan(1024 * 1024);
    expect(segments()).toBeLessThanOrEqual(2);
    await writeSegments(3);
    await database.close();
    expect(segments()).toBeLessThanOrEqual(2);
    database = await openDatabase({ dataDir: dir });
    const { rows: count } = await database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM readings');
    expect(count[0]!.n).toBe(20_000);
  });
});
