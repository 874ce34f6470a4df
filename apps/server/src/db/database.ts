import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { withAdvisoryLock } from './advisoryLock.ts';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { profiledQueries } from '../http/requestProfile.ts';
import { PostgresListener } from './listenPostgres.ts';
import { DEFAULT_PARALLEL_WORKERS, parallelWorkersOption } from './parallelWorkers.ts';
import { ReadReplicas } from './readReplicas.ts';
import { addMissingFreeSpaceMaps } from './pgliteFreeSpaceMaps.ts';
import { preparedClient, preparedQuery } from './pglitePrepared.ts';
import { PREPARED_SESSION_OPTION, preparedPoolQuery } from './postgresPrepared.ts';

/**
 * Queries are written with Drizzle's SQL builder over the tables each module declares; the relational
 * query API (which needs every table at connection time) is not used, so the connection knows no module.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Raw SQL access for the bulk paths (COPY-like inserts, rollups) that the ORM does not express. */
export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/**
 * One connection inside an open transaction. copyFromBlob (COPY from a Blob) exists on PGlite only,
 * and writers read its presence as "one transaction at a time"; copyFromStdin (COPY ... FROM STDIN
 * with the given bytes) on PostgreSQL only.
 */
export interface SqlTransaction extends SqlClient {
  copyFromBlob?(copySql: string, blob: Blob): Promise<void>;
  copyFromStdin?(copySql: string, bytes: Uint8Array): Promise<void>;
}

export interface Database {
  db: Db;
  sql: SqlClient;
  engine: 'pglite' | 'postgres';
  /**
   * PGlite: this process alone writes the database, and a commit that moves a data version notifies
   * the channel "data_versions" (migration 0054), so the versions may be kept between writes.
   */
  soleWriter?: true;
  /** PostgreSQL with DATABASE_READ_URL: the streaming replicas that take the engine's analytics reads. */
  readers?: ReadReplicas;
  /** PGlite only: the whole cluster as a tarball, to start another in-memory database from it. */
  dump?(): Promise<Blob | File>;
  /**
   * PGlite on disk only: gives tables and indexes made since the start (a bulk load's rebuilt
   * index) the free space map that opening gives the others (pgliteFreeSpaceMaps.ts).
   */
  addFreeSpaceMaps?(): Promise<number>;
  /**
   * Calls `onPayload` for each notification on `channel` (pg_notify, delivered at commit), and
   * `onGap(false)` when some may be missed from then on (a PostgreSQL listening connection lost),
   * `onGap(true)` once it listens again. Resolves once listening; the returned function stops.
   * close() stops every listener.
   */
  listen(channel: string, onPayload: (payload: string) => void, onGap: (listening: boolean) => void): Promise<() => Promise<void>>;
  /**
   * PGlite on disk only: writes every change to the data files and removes the write-ahead log's
   * older segments (after a bulk load; closing does it too, with its shutdown checkpoint).
   */
  checkpoint?(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The embedded database's write-ahead log (issue 33.7): a segment no checkpoint needs any more is
 * removed, not renamed for reuse (a 90-day demo left 353 MB of them). PGlite runs PostgreSQL in
 * single-user mode, without a checkpointer: checkpoints come at close and when asked (checkpoint()).
 */
const PGLITE_WAL = ['-c', 'wal_recycle=off'];

/**
 * The session setting under which writes to data_versions notify its channel (migration 0054). This
 * process alone writes here and keeps the data versions between writes, told of each move. A start
 * parameter, not a SET: `RESET` returns a setting to its start value, so it cannot turn the
 * notifications off behind the kept versions (`DISCARD ALL` and `UNLISTEN` would still drop the
 * listener itself; nothing sends them).
 */
const NOTIFY_DATA_VERSIONS = ['-c', 'sitelens.notify_data_versions=on'];

/**
 * Opens PostgreSQL: the server at `url` when given, else PGlite in `dataDir` (or in memory when
 * dataDir is null), and brings the schema up to date.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  loadDataDir?: Blob;
  readUrls?: string[];
  maxReplicaLagMs?: number;
  /** PostgreSQL only: DEFAULT_PARALLEL_WORKERS unless given. */
  parallelWorkers?: number;
  /** PostgreSQL only: statements named once seen twice (postgresPrepared.ts); on unless false. */
  namedStatements?: boolean;
}): Promise<Database> {
  if (opts.url) {
    const options = `${parallelWorkersOption(opts.parallelWorkers ?? DEFAULT_PARALLEL_WORKERS)} ${PREPARED_SESSION_OPTION}`;
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, options });
    // Ours named once seen twice (postgresPrepared.ts), made before pool.query is wrapped below.
    const named = opts.namedStatements ?? true;
    const query = profiledQueries(preparedPoolQuery(pool, named));
    // A profiled request (PROFILE_REQUESTS) counts its statements' time (Drizzle's through pool.query); nothing else is touched.
    pool.query = profiledQueries(pool.query.bind(pool)) as typeof pool.query;
    // An idle connection the server closes (restart, failover) must not bring the process down.
    pool.on('error', (error) => console.error('database connection lost:', error.message));
    const db = drizzlePg(pool) as unknown as Db;
    // Drizzle's migrator takes no lock: two processes starting on one database would both apply the
    // same migration (one of them failing on a table the other made). The second waits, then finds none left.
    await withAdvisoryLock(opts.url, 'sitelens.migrate', () => migratePg(drizzlePg(pool), { migrationsFolder }));
    const listener = new PostgresListener(opts.url);
    const readers = opts.readUrls?.length ? new ReadReplicas(pool, opts.readUrls, opts.maxReplicaLagMs ?? 1000, { options, named }) : undefined;
    await readers?.start();
    return {
      db,
      sql: { query: async (text, params) => ({ rows: (await query(text, params)).rows }) },
      engine: 'postgres',
      ...(readers ? { readers } : {}),
      listen: (channel, onPayload, onGap) => listener.listen(channel, onPayload, onGap),
      close: async () => {
        await listener.close();
        await readers?.close();
        await pool.end();
      },
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // loadDataDir: an in-memory database started from a dump (dumpDataDir) rather than an empty cluster.
  const startParams = [...PGlite.defaultStartParams, ...NOTIFY_DATA_VERSIONS];
  const client = opts.dataDir
    ? new PGlite(opts.dataDir, { startParams: [...startParams, ...PGLITE_WAL] })
    : new PGlite({ ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}), startParams });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const dataDir = opts.dataDir;
  const addFreeSpaceMaps = dataDir ? () => addMissingFreeSpaceMaps(client, dataDir) : undefined;
  // A speed-up only: a data directory it cannot write to still opens (and fails where it must).
  await addFreeSpaceMaps?.().catch((error: unknown) => console.warn('free space maps not added:', error instanceof Error ? error.message : error));
  const query = profiledQueries(preparedQuery(client));
  const db = drizzlePglite(preparedClient(client, query)) as unknown as Db;
  return {
    db,
    sql: { query: async (text, params) => ({ rows: (await query(text, params)).rows as never[] }) },
    engine: 'pglite',
    soleWriter: true,
    dump: () => client.dumpDataDir('none'),
    // One process holds the embedded database: its notifications cannot be missed.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    ...(addFreeSpaceMaps ? { addFreeSpaceMaps, checkpoint: async () => void (await client.query('CHECKPOINT')) } : {}),
    close: () => client.close(),
  };
}
