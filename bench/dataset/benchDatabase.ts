import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Database, type SqlClient, openDatabase } from '../../apps/server/src/db/database.ts';
import type { BenchOptions } from '../options.ts';

/** bench/data unless BENCH_DATA_DIR names another folder (to keep two runs apart). */
export const DATA_DIR = process.env.BENCH_DATA_DIR ? `${process.env.BENCH_DATA_DIR.replace(/\/$/, '')}/` : fileURLToPath(new URL('../data/', import.meta.url));
export const PGLITE_DIR = `${DATA_DIR}pglite`;
/** One marker per engine: a PostgreSQL run never wipes the PGlite dataset's marker, nor the other way round. */
const markerOf = (engine: string) => `${DATA_DIR}dataset-${engine}.json`;

/** What a finished load leaves beside the data, so that --reuse knows it matches. */
export interface DatasetMarker {
  scale: number;
  engine: string;
  organizationId: number;
  load: Record<string, number>;
  /** Readings of the first site only (a fresh --exports-only run): reused by --exports-only alone. */
  oneSite?: boolean;
}

/**
 * The benchmark's database: PGlite in bench/data/pglite, or the PostgreSQL of DATABASE_URL (whose
 * database name must contain "bench", since a fresh run empties it). Returns the marker of a
 * reusable earlier load, or null after wiping.
 */
export async function openBenchDatabase(opts: BenchOptions): Promise<{ database: Database; reused: DatasetMarker | null }> {
  mkdirSync(DATA_DIR, { recursive: true });
  const engine = opts.databaseUrl ? 'postgres' : 'pglite';
  const MARKER = markerOf(engine);
  const marker = existsSync(MARKER) ? (JSON.parse(readFileSync(MARKER, 'utf8')) as DatasetMarker) : null;
  const reusable = opts.reuse && marker?.scale === opts.scale && marker.engine === engine && (!marker.oneSite || opts.exportsOnly || opts.yieldOnly) ? marker : null;
  if (!reusable) {
    rmSync(MARKER, { force: true });
    if (opts.databaseUrl) await wipePostgres(opts.databaseUrl);
    else rmSync(PGLITE_DIR, { recursive: true, force: true });
  }
  const database = await openDatabase(opts.databaseUrl ? { url: opts.databaseUrl } : { dataDir: PGLITE_DIR });
  return { database, reused: reusable };
}

/**
 * Where the raw baseline's statements run: on PostgreSQL, connections that keep the server's own
 * parallel workers per statement (ours plan none, DATABASE_PARALLEL_WORKERS), so that raw SQL is
 * timed at its best; PGlite has none either way.
 */
export function openRawReader(opts: BenchOptions, database: Database): { sql: SqlClient; close: () => Promise<void> } {
  if (!opts.databaseUrl) return { sql: database.sql, close: async () => {} };
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 4 });
  return { sql: { query: async (text, params) => ({ rows: (await pool.query(text, params as unknown[])).rows }) }, close: () => pool.end() };
}

export function saveMarker(marker: DatasetMarker): void {
  writeFileSync(markerOf(marker.engine), `${JSON.stringify(marker, null, 2)}\n`);
}

async function wipePostgres(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!name.includes('bench')) throw new Error(`DATABASE_URL names "${name}": the benchmark empties its database, so use one whose name contains "bench"`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS drizzle CASCADE');
  } finally {
    await client.end();
  }
}

/** Bytes the engine keeps on disk: the PGlite folder, or the PostgreSQL database. */
export async function databaseBytes(database: Database): Promise<number> {
  if (database.engine === 'postgres') {
    const { rows } = await database.sql.query<{ n: string }>('select pg_database_size(current_database())::text as n');
    return Number(rows[0]!.n);
  }
  return folderBytes(PGLITE_DIR);
}

export function folderBytes(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((n, entry) => n + folderBytes(`${path}/${entry}`), 0);
}
