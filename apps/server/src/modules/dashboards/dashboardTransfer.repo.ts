import type { Database } from '../../db/database.ts';
import type { ReferenceKind } from './dashboardModel.ts';

/** A row a model may name, as an export describes it and an import offers it. */
export interface NamedRow {
  kind: ReferenceKind;
  id: number;
  name: string;
  siteId?: number;
}

const bySite = (table: string, extra = '') =>
  `select t.id, t.name, t.installation_id as "siteId" from ${table} t join installations i on i.id = t.installation_id where i.organization_id = any($1::int[])${extra}`;

// The rows of each kind of the organizations $1 (with `and t.id = any($2)` to name some of them).
const ROWS_SQL: Record<ReferenceKind, string> = {
  installation: 'select t.id, t.name from installations t where t.organization_id = any($1::int[])',
  zone: bySite('zones', ' and t.deleted_at is null'),
  passage: bySite('passages'),
  device: bySite('devices'),
  alert: 'select t.id, t.name, t.installation_id as "siteId" from alerts t where t.organization_id = any($1::int[])',
  tag: 'select t.id, t.name from tags t where t.organization_id = any($1::int[])',
  tagCategory: 'select t.id, t.name from tag_categories t where t.organization_id = any($1::int[])',
};

async function query(database: Database, kind: ReferenceKind, sql: string, params: unknown[]): Promise<NamedRow[]> {
  const { rows } = await database.sql.query<{ id: number; name: string; siteId?: number | null }>(sql, params);
  return rows.map((r) => ({ kind, id: Number(r.id), name: r.name, ...(r.siteId != null ? { siteId: Number(r.siteId) } : {}) }));
}

/** Every row of one kind in the organizations, by name (what an import may map a reference to). */
export function rowsOf(database: Database, organizationIds: number[], kind: ReferenceKind): Promise<NamedRow[]> {
  return query(database, kind, `${ROWS_SQL[kind]} order by t.name, t.id`, [organizationIds]);
}

/** The rows of one kind among `ids` in the organizations (what an export names). */
export function namedRows(database: Database, organizationIds: number[], kind: ReferenceKind, ids: number[]): Promise<NamedRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return query(database, kind, `${ROWS_SQL[kind]} and t.id = any($2::int[]) order by t.id`, [organizationIds, ids]);
}
