import type { Context } from '../../graphql/context.ts';
import { badInput } from '../../graphql/errors.ts';
import { requireCaller } from '../access/access.ts';
import { findUserById } from '../users/users.repo.ts';
import { testPush } from '../../messages/testMessages.ts';
import { pushEndpointProblem } from '../../messages/push/pushServiceHost.ts';
import { deleteUserPushSubscription, pushSubscriptionByEndpoint, savePushSubscription } from '../../messages/push/pushSubscriptions.repo.ts';

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const MAX_FIELD = 2048;
// Keys as browsers give them (PushSubscription.toJSON): unpadded base64url, a P-256 point and 16 bytes.
const P256DH = /^[A-Za-z0-9_-]{86,88}$/;
const AUTH = /^[A-Za-z0-9_-]{21,24}$/;

/** The key browsers need to subscribe (applicationServerKey). */
export async function webPushPublicKey(ctx: Context): Promise<string> {
  requireCaller(ctx);
  return (await ctx.messages.senders.vapidKeys()).publicKey;
}

/** Turns notifications on for this browser, for the caller; a test notification confirms it. */
export async function subscribePush(ctx: Context, input: PushSubscriptionInput, userAgent: string): Promise<boolean> {
  const caller = requireCaller(ctx);
  if (input.endpoint.length > MAX_FIELD) throw badInput('endpoint', 'tooLong');
  const problem = pushEndpointProblem(input.endpoint, ctx.config.PUSH_SERVICE_HOSTS);
  if (problem) throw badInput('endpoint', problem);
  if (!P256DH.test(input.p256dh)) throw badInput('p256dh', 'invalid');
  if (!AUTH.test(input.auth)) throw badInput('auth', 'invalid');
  await savePushSubscription(ctx.database, { userId: caller.userId, ...input, userAgent: userAgent.slice(0, 300), now: ctx.now() });
  await sendTestPush(ctx, input.endpoint);
  return true;
}

export async function unsubscribePush(ctx: Context, endpoint: string): Promise<boolean> {
  const caller = requireCaller(ctx);
  return deleteUserPushSubscription(ctx.database, caller.userId, endpoint);
}

/** Whether this browser (its endpoint) receives the caller's notifications. */
export async function pushSubscribed(ctx: Context, endpoint: string): Promise<boolean> {
  const caller = requireCaller(ctx);
  const found = await pushSubscriptionByEndpoint(ctx.database, endpoint);
  return found?.userId === caller.userId;
}

/** A test notification to every browser of the caller (or to the one of `endpoint`). */
export async function sendTestPush(ctx: Context, endpoint?: string): Promise<number> {
  const caller = requireCaller(ctx);
  const user = await findUserById(ctx.database, caller.userId);
  if (!user) return 0;
  const queued = await ctx.messages.push({ template: testPush, data: {}, to: { userId: user.id, lang: user.lang, endpoint }, organizationId: caller.organizationIds[0] ?? null });
  return queued.length;
}
