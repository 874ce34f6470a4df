import { VIEW_AS_MINUTES, canViewAs, targetOutranksCaller } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { AppError, forbidden } from '../../graphql/errors.ts';
import { insertAuditEntry } from '../audit/audit.repo.ts';
import { rightsBeyondCaller } from '../access/grants.ts';
import { managedUser } from './userManagement.service.ts';
import { domainCaller, refuseWhileViewingAs, requireCaller } from '../access/access.ts';
import { labelSession } from '../auth/sessions.repo.ts';
import { revokeSession, startSession } from '../auth/sessions.ts';
import { signAccessToken } from '../auth/tokens.ts';

export const VIEW_AS_MS = VIEW_AS_MINUTES * 60 * 1000;

/**
 * An administrator opens the product as a user of their organization: a session of its own
 * (revocable, never extended, no cookie) and a token naming both users (`adminUserId`) that
 * expires with it. Every start, refused or not, is written to the audit log; a user holding a right
 * the administrator lacks is refused (issue 28.13).
 */
export async function viewAsUser(ctx: Context, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const caller = requireCaller(ctx);
  refuseWhileViewingAs(caller);
  // The view-as ends with the session it is started from (sign-out, revocation, expiry): a caller without one has none to end with.
  const fromSid = caller.sessionId;
  if (!fromSid) throw forbidden();
  const { user, target } = await managedUser(ctx, userId);
  const now = ctx.now();
  const objectName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const refusal = targetOutranksCaller(await domainCaller(ctx), target) ? rightsBeyondCaller() : canViewAs(await domainCaller(ctx), target) ? null : forbidden();
  if (refusal) {
    // Every start is in the audit log, a refused one too: an attempt on a stronger account is worth seeing.
    await insertAuditEntry(ctx.database, { adminUserId: caller.userId, userId, operation: 'viewAsUser', outcome: 'FORBIDDEN', objectName, changedFields: [], at: now }, caller.organizationIds);
    throw refusal;
  }
  // The view-as acts in the administrator's organization only, with the user's role and profile there (issue 28.3).
  const session = await startSession(ctx.database, {
    userId,
    viewAs: { adminUserId: caller.userId, fromSid },
    now,
    ttlMs: VIEW_AS_MS,
    organizationId: caller.organizationIds[0] ?? null,
  });
  await labelSession(ctx.database, session.sid, 'view-as');
  const expiresAt = new Date(now.getTime() + VIEW_AS_MS);
  const token = await signAccessToken(ctx.keys, { userId, adminUserId: caller.userId, sid: session.sid }, now, expiresAt);
  await insertAuditEntry(
    ctx.database,
    { adminUserId: caller.userId, userId, operation: 'viewAsUser', outcome: 'OK', objectName, changedFields: [], at: now },
    caller.organizationIds,
  );
  return { token, expiresAt };
}

/** Ends the caller's view-as session: its token stops working at once. */
export async function endViewAs(ctx: Context): Promise<boolean> {
  const caller = requireCaller(ctx);
  if (caller.adminUserId === null || !caller.sessionId) throw new AppError('BAD_USER_INPUT', { reason: 'notViewingAs' });
  await revokeSession(ctx.database, { sid: caller.sessionId });
  return true;
}
