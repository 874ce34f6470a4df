import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { type UserRow, findUserByEmail, findUserById } from '../../users/users.repo.ts';
import { userIdentities } from './oidc.tables.ts';

/** What the provider asserted, after the ID token was checked. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * The user an identity signs in, or null ("user not found for the provider", spec 000 §8).
 *
 * - An identity seen before names its user, whatever e-mail the provider now reports: changing the
 *   e-mail at the provider cannot reach another account.
 * - A new identity is linked to the account whose e-mail the provider has VERIFIED, if that account
 *   has finished its onboarding (has a password) and has no other identity of this issuer; the
 *   link is recorded so the next sign-in goes by subject. No account is ever created.
 */
export async function userForIdentity(database: Database, identity: ProviderIdentity, now: Date): Promise<UserRow | null> {
  const [linked] = await database.db
    .select({ id: userIdentities.id, userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
  if (linked) {
    await database.db.update(userIdentities).set({ lastUsedAt: now }).where(eq(userIdentities.id, linked.id));
    return findUserById(database, linked.userId);
  }
  if (!identity.emailVerified || !identity.email) return null;
  const user = await findUserByEmail(database, identity.email.trim());
  if (!user || !user.passwordHash) return null;
  // The unique indexes decide between concurrent first sign-ins: of two subjects claiming one
  // account, one link is written and the other finds the account taken.
  const inserted = await database.db
    .insert(userIdentities)
    .values({ userId: user.id, issuer: identity.issuer, subject: identity.subject, email: user.email, createdAt: now, lastUsedAt: now })
    .onConflictDoNothing()
    .returning({ userId: userIdentities.userId });
  if (inserted.length === 1) return user;
  const [again] = await database.db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
  return again?.userId === user.id ? user : null;
}
