import { and, eq, inArray } from 'drizzle-orm';
import type { TargetKind } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import { devices, passages, zones } from '../installations/installations.tables.ts';

const tableOf = (kind: TargetKind) => (kind === 'zone' ? zones : kind === 'passage' ? passages : devices);

/** Names of the given targets, only those that exist (and belong to the installation when given). */
export async function targetNames(database: Database, kind: TargetKind, ids: number[], installationId?: number): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const table = tableOf(kind);
  const where = installationId === undefined ? inArray(table.id, ids) : and(inArray(table.id, ids), eq(table.installationId, installationId));
  const rows: Array<{ id: number; name: string }> = await database.db.select({ id: table.id, name: table.name }).from(table as typeof zones).where(where);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Floor area (m²) of each target: a zone's own, or that of the zone a device or passage is in. */
export async function targetAreas(database: Database, kind: TargetKind, ids: number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const join = kind === 'zone' ? 'zones t' : `${kind === 'passage' ? 'passages' : 'devices'} t left join zones z on z.id = t.zone_id`;
  const area = kind === 'zone' ? 't.area_m2' : 'z.area_m2';
  const { rows } = await database.sql.query<{ id: number; area: number | null }>(`select t.id, ${area} as area from ${join} where t.id = any($1::int[])`, [ids]);
  return new Map(rows.map((r) => [Number(r.id), r.area === null ? null : Number(r.area)]));
}
