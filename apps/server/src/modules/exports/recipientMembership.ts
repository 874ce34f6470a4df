import type { Database } from '../../db/database.ts';
import { sharesOrganization } from '../users/users.repo.ts';

/**
 * Whether an export's recipient still belongs to the organization whose data it holds: the one
 * check a download link makes besides its own dates (issue 28 item 7). Membership is the users
 * module's; this is the single place export links ask it.
 */
export function recipientIsMember(database: Database, userId: number, organizationId: number): Promise<boolean> {
  return sharesOrganization(database, userId, [organizationId]);
}
