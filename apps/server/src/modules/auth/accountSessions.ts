import type { Context } from '../../graphql/context.ts';
import { notFound } from '../../graphql/errors.ts';
import { refuseWhileViewingAs, requireCaller } from '../access/access.ts';
import { type SessionRow, liveSessionsOfUser } from './sessions.repo.ts';
import { revokeOwnSession, revokeUserSessions } from './sessions.ts';

/** The caller's open sessions (the security tab); view-as sessions of administrators are not theirs to list. */
export async function mySessions(ctx: Context): Promise<Array<SessionRow & { current: boolean }>> {
  const caller = requireCaller(ctx);
  const rows = await liveSessionsOfUser(ctx.database, caller.userId, ctx.now());
  return rows.map((r) => ({ ...r, current: r.sid === caller.sessionId }));
}

export async function endMySession(ctx: Context, sid: string): Promise<boolean> {
  const caller = requireCaller(ctx);
  refuseWhileViewingAs(caller);
  if (!(await revokeOwnSession(ctx.database, caller.userId, sid))) throw notFound();
  return true;
}

/** "Sign out everywhere": every other session of the caller ends; this one stays. */
export async function signOutEverywhere(ctx: Context): Promise<number> {
  const caller = requireCaller(ctx);
  refuseWhileViewingAs(caller);
  return revokeUserSessions(ctx.database, caller.userId, { exceptSid: caller.sessionId });
}
