import type { Database } from '../../db/database.ts';
import { activeUsersOfOrganization } from '../users/users.repo.ts';

/** A user as a message recipient: `address` for e-mail, `phone` for SMS, `userId` for push. */
export interface UserRecipient {
  userId: number;
  address: string;
  phone: string | null;
  lang: string;
  emailVerified: boolean;
  phoneVerified: boolean;
}

/**
 * The users among `userIds` who belong to the organization, each in their own language; any other
 * id is left out (a recipient list never reaches beyond the organization), and so is a member whose
 * membership is inactive (issue 28.3: they no longer act in it, so nothing of it reaches them).
 */
export async function organizationRecipients(database: Database, organizationId: number, userIds: readonly number[]): Promise<UserRecipient[]> {
  const wanted = new Set(userIds);
  return (await activeUsersOfOrganization(database, organizationId))
    .filter((u) => wanted.has(u.id))
    .map((u) => ({ userId: u.id, address: u.email, phone: u.phone, lang: u.lang, emailVerified: u.isEmailVerified, phoneVerified: u.isPhoneVerified }));
}
