import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/database.ts';

/**
 * The data versions answers are read at (migration 0046), per organization: its own (its readings
 * and rollups) with row 0's (sites, zones, devices, passages and tags of every organization). The
 * database moves them in the writing transaction, so versions read before the engine's first read
 * (the site's row included) are never newer than the data it reads: an answer kept under them can
 * only be fresher than its key says. Null when row 0 is missing (a database emptied by hand).
 */
export async function dataVersions(database: Database, organizationIds: readonly number[]): Promise<Map<number, string> | null> {
  const { rows } = await database.sql.query<{ organization_id: number; version: string }>(
    'select organization_id, version::text as version from data_versions where organization_id = 0 or organization_id = any($1::int[])',
    [[...organizationIds]],
  );
  const shared = rows.find((row) => row.organization_id === 0)?.version;
  if (shared === undefined) return null;
  const own = new Map(rows.map((row) => [row.organization_id, row.version]));
  // An organization never written has no row yet: its first write makes version 1.
  return new Map(organizationIds.map((id) => [id, `${shared}.${own.get(id) ?? '0'}`]));
}

const namespaces = new WeakMap<Database, Promise<string>>();

/**
 * Which database the versions count in, for keys shared through Redis: PostgreSQL's server and
 * database name (every process on one database shares its answers); PGlite is one process's alone.
 */
export function databaseNamespace(database: Database): Promise<string> {
  let namespace = namespaces.get(database);
  if (!namespace) {
    namespace = database.engine === 'pglite' ? Promise.resolve(`pglite:${randomUUID()}`) : postgresNamespace(database);
    namespaces.set(database, namespace);
  }
  return namespace;
}

async function postgresNamespace(database: Database): Promise<string> {
  const { rows } = await database.sql.query<{ name: string }>('select current_database() as name');
  const system = await database.sql
    .query<{ id: string }>('select system_identifier::text as id from pg_control_system()')
    .then((r) => r.rows[0]?.id ?? '', () => '');
  return `pg:${system}:${rows[0]?.name ?? ''}`;
}
