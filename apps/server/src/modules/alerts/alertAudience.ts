import { type Crud, type RightsTree, alertRights } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import { type UserRecipient, organizationRecipients } from '../messages/recipients.ts';

/** A member of the organization as an alert's recipient: how to reach them, how they read dates, what they may open. */
export interface AlertAudienceMember extends UserRecipient {
  name: string;
  dateFormat: string;
  hasPhone: boolean;
  /** dashboard.alert rights in the alert's organization (spec 002 §6). */
  rights: Crud;
}

/** Whether a member may read alerts at all: only they may be told of one (issue 29.3). */
export const mayReadAlerts = (r: Crud): boolean => r.read || r.edit;

/**
 * Where an alert's message sends a member: the alert's edit form for who may edit it, else the
 * alerts list showing that alert (a page needing only the read right).
 */
export const alertPathFor = (r: Crud, alertId: number): string => (r.edit ? `/alerts/${alertId}` : `/alerts?alert=${alertId}`);

/**
 * The members of the organization among `userIds` (all when null), with their alert rights read as
 * the server reads a caller's (alertRights: administrators all, a profile its dashboard.alert, no
 * profile all unless the organization restricts alerts).
 */
export async function alertAudience(database: Database, organizationId: number, userIds: readonly number[] | null): Promise<AlertAudienceMember[]> {
  const { rows: members } = await database.sql.query<{ id: number; first_name: string; last_name: string; email: string; date_format: string; role: string; rights: RightsTree | null; has_profile: boolean; features: { alertsRestricted?: boolean } | null }>(
    `select u.id, u.first_name, u.last_name, u.email, u.date_format, uo.role, p.rights, p.id is not null as has_profile, o.features
       from user_organizations uo
       join users u on u.id = uo.user_id
       join organizations o on o.id = uo.organization_id
       left join profiles p on p.id = uo.profile_id
      where uo.organization_id = $1 and ($2::int[] is null or u.id = any($2::int[]))`,
    [organizationId, userIds],
  );
  const reach = new Map((await organizationRecipients(database, organizationId, members.map((m) => m.id))).map((r) => [r.userId, r]));
  return members
    .filter((m) => reach.has(m.id))
    .map((m) => {
      const r = reach.get(m.id)!;
      const rights = alertRights({ role: m.role, hasProfile: m.has_profile, rights: m.rights, features: m.features ?? {}, hasStaticDashboard: true, hasSites: true });
      return { ...r, name: `${m.first_name} ${m.last_name}`.trim() || m.email, dateFormat: m.date_format, hasPhone: Boolean(r.phone), rights };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
