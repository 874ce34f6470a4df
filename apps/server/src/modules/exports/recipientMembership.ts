import type { Database } from '../../db/database.ts';
import { isActiveMember } from '../users/users.repo.ts';

/**
 * Whether an export's recipient still belongs to the organization whose data it holds: the one
 * check a download link makes besides its own dates (issue 28 item 7). Membership is the users
 * module's; this is the single place export links ask it.
 */
export async function recipientIsMember(database: Database, userId: number, organizationId: number): Promise<boolean> {
  // An inactive membership (issue 28.3) no longer acts in the organization: its links stop too.
  return isActiveMember(database, userId, organizationId);
}
