import { type RightsTree, canReadMetric, gates } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';

/**
 * Which of these users may receive an export of these columns now: active members of the
 * organization whose rights there (role, profile, the organization's features, read as the server
 * reads a caller's) let them read every column. Turnover goes only to who may see sales figures,
 * whoever asked for the file (spec 002 §6; the export is read as the organization).
 */
export async function recipientsWhoMayRead(database: Database, organizationId: number, userIds: readonly number[], columns: readonly string[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const { rows } = await database.sql.query<{ id: number; role: string; rights: RightsTree | null; has_profile: boolean; features: Record<string, unknown> | null }>(
    `select uo.user_id as id, uo.role, p.rights, p.id is not null as has_profile, o.features
       from user_organizations uo
       join organizations o on o.id = uo.organization_id
       left join profiles p on p.id = uo.profile_id
      where uo.organization_id = $1 and uo.active and uo.user_id = any($2::int[])`,
    [organizationId, [...userIds]],
  );
  const allowed = rows.filter((m) => {
    const g = gates({ role: m.role, hasProfile: m.has_profile, rights: m.rights, features: m.features ?? {}, hasStaticDashboard: true, hasSites: true });
    return columns.every((metric) => canReadMetric(g, metric));
  });
  return new Set(allowed.map((m) => Number(m.id)));
}
