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
  return versionsFromRows(rows.map((row) => [row.organization_id, row.version]), organizationIds);
}

/**
 * The same versions as a column beside another statement's answer (one snapshot for both), as
 * `[[organization_id, version], ...]` in JSON: `$n` is the organizations' array.
 */
export const versionsColumn = (n: number): string =>
  `(select json_agg(json_build_array(organization_id, version::text)) from data_versions where organization_id = 0 or organization_id = any($${n}::int[]))`;

/** The versions from (organization, version) pairs, as dataVersions answers them. */
export function versionsFromRows(rows: ReadonlyArray<readonly [number, string]> | null, organizationIds: readonly number[]): Map<number, string> | null {
  const own = new Map(rows ?? []);
  const shared = own.get(0);
  if (shared === undefined) return null;
  // An organization never written has no row yet: its first write makes version 1.
  return new Map(organizationIds.map((id) => [id, `${shared}.${own.get(id) ?? '0'}`]));
}

/** Whether two reads of the versions are the same (nothing moved between them). */
export function sameVersions(a: Map<number, string> | null, b: Map<number, string> | null): boolean {
  if (!a || !b) return a === b;
  return a.size === b.size && [...a].every(([id, version]) => b.get(id) === version);
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
