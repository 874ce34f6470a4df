import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database, SqlClient } from '../db/database.ts';

/** What pg-boss calls on the database object of its `db` option. */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

// pg-boss's `locked` scripts (schema creation, migrations, maintenance) are one text: BEGIN; ...; COMMIT;
const SCRIPT = /^\s*BEGIN;([\s\S]*);\s*COMMIT;?\s*$/;

/**
 * pg-boss on our own database: its statements run through the server's connections (the pool on
 * PostgreSQL, the one PGlite connection with its prepared statements), so it needs no pool of its
 * own. Its multi-statement scripts run on one connection: on PGlite inside PGlite's transaction
 * (which rolls back on error and holds off every other statement meanwhile), on PostgreSQL as one
 * simple query, whose failure takes its connection out of the pool.
 */
export function bossDatabase(database: Database): BossDb {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return database.sql.query(text, values);
      if (database.engine === 'postgres') return lastResult(await (client as pg.Pool).query(text));
      const script = SCRIPT.exec(text);
      if (script) return (client as PGlite).transaction(async (tx) => lastResult(await tx.exec(script[1]!)));
      return lastResult(await (client as PGlite).exec(text));
    },
  };
}

/** pg-boss's statements inside a transaction the caller holds (a job enqueued with the change that causes it). */
export function bossTransaction(tx: SqlClient): BossDb {
  return { executeSql: (text, values) => tx.query(text, values ?? []) };
}

function lastResult(result: { rows: any[] } | Array<{ rows: any[] }>): { rows: any[] } {
  return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
}
