import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { addMissingFreeSpaceMaps } from './pgliteFreeSpaceMaps.ts';
import { preparedClient, preparedQuery } from './pglitePrepared.ts';

/**
 * Queries are written with Drizzle's SQL builder over the tables each module declares; the relational
 * query API (which needs every table at connection time) is not used, so the connection knows no module.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Raw SQL access for the bulk paths (COPY-like inserts, rollups) that the ORM does not express. */
export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** One connection inside an open transaction; copyFromBlob (COPY from a Blob) exists on PGlite only. */
export interface SqlTransaction extends SqlClient {
  copyFromBlob?(copySql: string, blob: Blob): Promise<void>;
}

export interface Database {
  db: Db;
  sql: SqlClient;
  engine: 'pglite' | 'postgres';
  /** PGlite only: the whole cluster as a tarball, to start another in-memory database from it. */
  dump?(): Promise<Blob | File>;
  /**
   * PGlite on disk only: gives tables and indexes made since the start (a bulk load's rebuilt
   * index) the free space map that opening gives the others (pgliteFreeSpaceMaps.ts).
   */
  addFreeSpaceMaps?(): Promise<number>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens PostgreSQL: the server at `url` when given, else PGlite in `dataDir` (or in memory when
 * dataDir is null), and brings the schema up to date.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string | null; loadDataDir?: Blob }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server closes (restart, failover) must not bring the process down.
    pool.on('error', (error) => console.error('database connection lost:', error.message));
    const db = drizzlePg(pool) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return {
      db,
      sql: { query: async (text, params) => ({ rows: (await pool.query(text, params as unknown[])).rows }) },
      engine: 'postgres',
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // loadDataDir: an in-memory database started from a dump (dumpDataDir) rather than an empty cluster.
  const client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const dataDir = opts.dataDir;
  const addFreeSpaceMaps = dataDir ? () => addMissingFreeSpaceMaps(client, dataDir) : undefined;
  // A speed-up only: a data directory it cannot write to still opens (and fails where it must).
  await addFreeSpaceMaps?.().catch((error: unknown) => console.warn('free space maps not added:', error instanceof Error ? error.message : error));
  const query = preparedQuery(client);
  const db = drizzlePglite(preparedClient(client, query)) as unknown as Db;
  return {
    db,
    sql: { query: async (text, params) => ({ rows: (await query(text, params)).rows as never[] }) },
    engine: 'pglite',
    dump: () => client.dumpDataDir('none'),
    ...(addFreeSpaceMaps ? { addFreeSpaceMaps } : {}),
    close: () => client.close(),
  };
}
