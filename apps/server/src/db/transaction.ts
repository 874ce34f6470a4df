import type { PGlite } from '@electric-sql/pglite';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { Database, SqlTransaction } from './database.ts';

/**
 * Runs fn on one connection inside BEGIN/COMMIT. Stopgap until Database offers `transaction`:
 * `database.sql` may hand each query to a different pooled connection, so BEGIN through it is unsafe.
 */
export async function withTransaction<T>(database: Database, fn: (tx: SqlTransaction) => Promise<T>): Promise<T> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.engine === 'pglite') {
    return (client as PGlite).transaction((tx) =>
      fn({
        query: async (text, params) => ({ rows: (await tx.query(text, params)).rows as never[] }),
        copyFromBlob: async (copySql, blob) => void (await tx.query(copySql, [], { blob })),
      }),
    );
  }
  const conn = await (client as pg.Pool).connect();
  try {
    await conn.query('BEGIN');
    const result = await fn({
      query: async (text, params) => ({ rows: (await conn.query(text, params)).rows }),
      copyFromStdin: (copySql, bytes) => pipeline(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), conn.query(copyStreams.from(copySql))),
    });
    await conn.query('COMMIT');
    return result;
  } catch (error) {
    await conn.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    conn.release();
  }
}
