import { type Crud, alertRights } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import { memberCallers } from '../access/memberCallers.ts';
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
 * The active members of the organization among `userIds` (all when null), with their alert rights
 * read as the server reads a caller's (alertRights: administrators all, a profile its
 * dashboard.alert, no profile all unless the organization restricts alerts).
 */
export async function alertAudience(database: Database, organizationId: number, userIds: readonly number[] | null): Promise<AlertAudienceMember[]> {
  const callers = await memberCallers(database, organizationId, userIds);
  const ids = [...callers.keys()];
  if (ids.length === 0) return [];
  const { rows: people } = await database.sql.query<{ id: number; first_name: string; last_name: string; email: string; date_format: string }>(
    'select id, first_name, last_name, email, date_format from users where id = any($1::int[])',
    [ids],
  );
  const reach = new Map((await organizationRecipients(database, organizationId, ids)).map((r) => [r.userId, r]));
  return people
    .filter((m) => reach.has(m.id))
    .map((m) => {
      const r = reach.get(m.id)!;
      return { ...r, name: `${m.first_name} ${m.last_name}`.trim() || m.email, dateFormat: m.date_format, hasPhone: Boolean(r.phone), rights: alertRights(callers.get(m.id)!) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
