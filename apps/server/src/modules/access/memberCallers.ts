import type { Caller, RightsTree } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';

/**
 * The active members of the organization among `userIds` (all when null), each as the domain's
 * rights rules read a caller there: role, rights profile and the organization's features. What a
 * message or a file sent to them later may hold is decided from this, as for a request of theirs.
 */
export async function memberCallers(database: Database, organizationId: number, userIds: readonly number[] | null): Promise<Map<number, Caller>> {
  if (userIds?.length === 0) return new Map();
  const { rows } = await database.sql.query<{ id: number; role: string; rights: RightsTree | null; has_profile: boolean; features: Caller['features'] | null }>(
    `select uo.user_id as id, uo.role, p.rights, p.id is not null as has_profile, o.features
       from user_organizations uo
       join organizations o on o.id = uo.organization_id
       left join profiles p on p.id = uo.profile_id
      where uo.organization_id = $1 and uo.active and ($2::int[] is null or uo.user_id = any($2::int[]))`,
    [organizationId, userIds === null ? null : [...userIds]],
  );
  return new Map(
    rows.map((m) => [Number(m.id), { role: m.role, hasProfile: m.has_profile, rights: m.rights, features: m.features ?? {}, hasStaticDashboard: true, hasSites: true }]),
  );
}
