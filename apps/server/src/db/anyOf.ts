import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { arrayLiteral } from './arrayLiteral.ts';

/**
 * `column = any('{1,2,3}'::int[])`: a list of ids as one array parameter. Drizzle's inArray binds
 * one parameter per id, which a round of a thousand alerts paid on every statement that read them
 * (docs/benchmarks.md, 2026-12-03, alerts).
 */
export function anyOf(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${arrayLiteral(ids)}::int[])`;
}
