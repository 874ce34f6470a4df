import { canResetTwoFactor } from '@sitelens/domain';
import { eq } from 'drizzle-orm';
import type { Context } from '../../graphql/context.ts';
import { forbidden } from '../../graphql/errors.ts';
import { domainCaller, refuseWhileViewingAs, requireCaller } from '../access/access.ts';
import { insertAuditEntry } from '../audit/audit.repo.ts';
import { forgetAuthenticator } from '../auth/authenticator.ts';
import { revokeTrustedBrowsers } from '../auth/trustedBrowsers.ts';
import { type UserRow, activeMembershipsOf, findUserById } from '../users/users.repo.ts';
import { users } from '../users/users.tables.ts';
import { twoFactorResetEmail } from './userManagement.messages.ts';
import { managedUser, refuseOutrankingTarget } from './userManagement.service.ts';

const nameOf = (u: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) => `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.email;

/**
 * An administrator's reset of a user's two-factor (a lost phone or authenticator, issue 29.17):
 * the organization.user edit right, a user of the caller's organization, never oneself, never
 * while viewing as anyone. Two-factor goes off (authenticator, recovery codes and trusted browsers
 * forgotten); the user signs in with the password alone and switches it on again from the profile.
 * Written to the audit log and told to the user by e-mail.
 */
export async function resetUserTwoFactor(ctx: Context, userId: number): Promise<UserRow & { role: string; profileId: number | null }> {
  const caller = requireCaller(ctx);
  refuseWhileViewingAs(caller);
  const { user, target } = await managedUser(ctx, userId);
  await refuseOutrankingTarget(ctx, target);
  if (!canResetTwoFactor(await domainCaller(ctx), target)) throw forbidden();
  // Two-factor guards the whole account: only the administrator of its one organization resets it,
  // not one of an organization where the user is inactive, nor one of several where the user acts.
  const active = await activeMembershipsOf(ctx.database, userId);
  if (active.length !== 1 || !caller.organizationIds.includes(active[0]!.id)) throw forbidden();
  // Already off: nothing is reset, so nothing is recorded or sent.
  if (!user.otpContact && !user.totpSecret) return user;
  await forgetAuthenticator(ctx.database, userId, { recoveryCodes: true });
  await ctx.database.db.update(users).set({ otpContact: null }).where(eq(users.id, userId));
  await revokeTrustedBrowsers(ctx.database, userId);
  const admin = (await findUserById(ctx.database, caller.userId))!;
  await insertAuditEntry(
    ctx.database,
    { adminUserId: caller.userId, userId, operation: 'resetUserTwoFactor', outcome: 'OK', objectName: nameOf(user), changedFields: ['twoFactor'], at: ctx.now() },
    caller.organizationIds.slice(0, 1),
  );
  await ctx.messages.email({ template: twoFactorResetEmail, data: { by: nameOf(admin) }, to: { address: user.email, lang: user.lang, userId: user.id }, organizationId: null });
  return { ...(await findUserById(ctx.database, userId))!, role: user.role, profileId: user.profileId };
}
