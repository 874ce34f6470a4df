import type { TargetKind } from '@sitelens/domain';
import type { Database } from '../../../db/database.ts';

/** Name and installation of each of the given targets that exists, in one query. */
export async function targetsByIds(database: Database, kind: TargetKind, ids: number[]): Promise<Map<number, { name: string; installationId: number }>> {
  if (ids.length === 0) return new Map();
  const table = kind === 'zone' ? 'zones' : kind === 'passage' ? 'passages' : 'devices';
  const { rows } = await database.sql.query<{ id: number; name: string; installation_id: number }>(`select id, name, installation_id from ${table} where id = any($1::int[])`, [ids]);
  return new Map(rows.map((r) => [Number(r.id), { name: r.name, installationId: Number(r.installation_id) }]));
}

/** Floor area (m²) of each target: a zone's own, or that of the zone a device or passage is in. */
export async function targetAreas(database: Database, kind: TargetKind, ids: number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const join = kind === 'zone' ? 'zones t' : `${kind === 'passage' ? 'passages' : 'devices'} t left join zones z on z.id = t.zone_id`;
  const area = kind === 'zone' ? 't.area_m2' : 'z.area_m2';
  const { rows } = await database.sql.query<{ id: number; area: number | null }>(`select t.id, ${area} as area from ${join} where t.id = any($1::int[])`, [ids]);
  return new Map(rows.map((r) => [Number(r.id), r.area === null ? null : Number(r.area)]));
}
