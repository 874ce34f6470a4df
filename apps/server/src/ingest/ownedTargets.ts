import type { TargetKind } from '@sitelens/domain';
import type { Database } from '../db/database.ts';

const tables: Record<TargetKind, string> = { zone: 'zones', passage: 'passages', device: 'devices' };

/** Of the given ids, those of targets that exist in one of the organization's sites (one query; deleted zones excluded). */
export async function ownedTargets(database: Database, organizationId: number, kind: TargetKind, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const notDeleted = kind === 'zone' ? 'and t.deleted_at is null' : '';
  const { rows } = await database.sql.query<{ id: number }>(
    `select t.id from ${tables[kind]} t join installations i on i.id = t.installation_id
      where i.organization_id = $1 and t.id = any($2::int[]) ${notDeleted}`,
    [organizationId, ids],
  );
  return new Set(rows.map((r) => Number(r.id)));
}
