import type { SqlTransaction } from '../db/database.ts';

/** A Drizzle insert built for its SQL only, run on the transaction's connection. */
export interface BuiltInsert {
  toSQL(): { sql: string; params: unknown[] };
}

/** Runs an insert ending in `returning({ id })` and gives the new id. */
export async function insertReturningId(tx: SqlTransaction, insert: BuiltInsert): Promise<number> {
  const { sql, params } = insert.toSQL();
  const { rows } = await tx.query<{ id: number }>(sql, params);
  return rows[0]!.id;
}

/** Runs an insert without reading anything back. */
export async function insertRows(tx: SqlTransaction, insert: BuiltInsert): Promise<void> {
  const { sql, params } = insert.toSQL();
  await tx.query(sql, params);
}
