import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { purposeSecrets } from '../auth/auth.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { userOrganizations, users } from '../users/users.tables.ts';
import type { UserRow } from '../users/users.repo.ts';

export const INVITATION_PURPOSE = 'invitation';

/** What an invitation token carries besides its subject (the invited user's id). */
export interface InvitationData {
  organizationId: number;
}

export interface PendingInvitation {
  user: UserRow;
  /** When the latest link was sent, and when it stops working (null: no live link any more). */
  sentAt: Date | null;
  expiresAt: Date | null;
}

/** Invited users of these organizations, newest first, with their latest link's dates. */
export async function pendingInvitations(database: Database, organizationIds: number[], now: Date): Promise<PendingInvitation[]> {
  if (organizationIds.length === 0) return [];
  const members = database.db.selectDistinct({ id: userOrganizations.userId }).from(userOrganizations).where(inArray(userOrganizations.organizationId, organizationIds));
  const rows = await database.db
    .select()
    .from(users)
    .where(and(eq(users.status, 'invited'), inArray(users.id, members)))
    .orderBy(desc(users.invitedAt), asc(users.id));
  return Promise.all(rows.map(async (user) => ({ user, ...(await latestLink(database, user.id, now)) })));
}

async function latestLink(database: Database, userId: number, now: Date): Promise<{ sentAt: Date | null; expiresAt: Date | null }> {
  const [row] = await database.db
    .select({ createdAt: purposeSecrets.createdAt, expiresAt: purposeSecrets.expiresAt })
    .from(purposeSecrets)
    .where(and(eq(purposeSecrets.purpose, INVITATION_PURPOSE), eq(purposeSecrets.subject, String(userId)), isNull(purposeSecrets.consumedAt)))
    .orderBy(desc(purposeSecrets.id))
    .limit(1);
  if (!row) return { sentAt: null, expiresAt: null };
  return { sentAt: row.createdAt, expiresAt: row.expiresAt > now ? row.expiresAt : null };
}

export async function organizationName(database: Database, organizationId: number): Promise<string> {
  const [row] = await database.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.name ?? '';
}

/**
 * The subject of an invitation token whatever its state (expired, used, withdrawn), for the
 * expired-invitation modal and its resend; null for a string that was never a token.
 */
export async function anyInvitationToken(database: Database, digest: string): Promise<{ subject: string; data: unknown } | null> {
  const [row] = await database.db
    .select({ subject: purposeSecrets.subject, data: purposeSecrets.data })
    .from(purposeSecrets)
    .where(and(eq(purposeSecrets.purpose, INVITATION_PURPOSE), eq(purposeSecrets.digest, digest), eq(purposeSecrets.kind, 'token')))
    .limit(1);
  return row ?? null;
}

/** Whether two-factor is on for a user (a sent code or the authenticator). */
export const twoFactorOn = (user: UserRow): boolean => user.otpContact !== null && user.otpContact !== '';

