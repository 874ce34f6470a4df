import { webhookUrlProblem } from '@sitelens/domain';
import type { Connection } from '../../graphql/connection.ts';
import { decodeCursor, encodeCursor, pageSize, toConnection } from '../../graphql/connection.ts';
import type { Context } from '../../graphql/context.ts';
import { AppError, badInput, notFound } from '../../graphql/errors.ts';
import { requireAdministeredOrganization, requireCaller } from '../access/access.ts';
import { withTransaction } from '../../db/transaction.ts';
import { findUserById } from '../users/users.repo.ts';
import { type DeliveryRow, findDelivery, listDeliveries, requeueDelivery } from '../../messages/deliveries.repo.ts';
import { deliveryJobOf } from '../../messages/deliveryJobs.ts';
import type { DeliveryStatus, MessageChannel } from '../../messages/messages.tables.ts';
import { testEmail, testSms } from '../../messages/testMessages.ts';

const CURSOR = 'delivery';

/** The administrator's organization's messages, newest first; filters by status and channel. */
export async function deliveriesPage(
  ctx: Context,
  args: { first?: number | null; after?: string | null; status?: DeliveryStatus | null; channel?: MessageChannel | null },
): Promise<Connection<DeliveryRow>> {
  const organizationId = requireAdministeredOrganization(ctx);
  const limit = pageSize(args.first);
  const before = args.after ? Number(decodeCursor(CURSOR, args.after, 1)[0]) : null;
  if (before !== null && !Number.isInteger(before)) throw badInput('after', 'invalidCursor');
  const rows = await listDeliveries(ctx.database, organizationId, { limit: limit + 1, before, status: args.status ?? null, channel: args.channel ?? null });
  return toConnection(rows, limit, (r) => encodeCursor(CURSOR, [r.id]));
}

/** Sends a failed message again (its attempts go on counting); only while its content is kept. */
export async function retryDelivery(ctx: Context, id: number): Promise<DeliveryRow> {
  const organizationId = requireAdministeredOrganization(ctx);
  const found = await findDelivery(ctx.database, id, organizationId);
  if (!found) throw notFound();
  if (found.status !== 'failed' || !found.hasContent) throw badInput('id', 'notRetryable');
  await withTransaction(ctx.database, async (tx) => {
    const channel = await requeueDelivery(tx, id, organizationId, ctx.now());
    if (!channel) throw badInput('id', 'notRetryable');
    await ctx.jobs.enqueue(deliveryJobOf(channel), { deliveryId: id }, { tx });
  });
  ctx.jobs.wake(deliveryJobOf(found.channel));
  return (await findDelivery(ctx.database, id, organizationId))!;
}

/**
 * A test message from the Deliveries tab, through the same queue as every other: an e-mail to the
 * administrator's own address, an SMS to their own phone, a webhook to the address given.
 */
export async function sendTestMessage(ctx: Context, channel: MessageChannel, url: string | null | undefined): Promise<DeliveryRow> {
  const organizationId = requireAdministeredOrganization(ctx);
  const caller = requireCaller(ctx);
  const user = await findUserById(ctx.database, caller.userId);
  if (!user) throw notFound();
  const to = { userId: user.id, lang: user.lang };
  let id: number | null;
  if (channel === 'email') {
    id = await ctx.messages.email({ template: testEmail, data: { name: `${user.firstName} ${user.lastName}`.trim() || user.email }, to: { ...to, address: user.email }, organizationId });
  } else if (channel === 'sms') {
    if (!user.phone) throw badInput('phone', 'missing');
    id = await ctx.messages.sms({ template: testSms, data: {}, to: { ...to, phone: user.phone }, organizationId });
  } else if (channel === 'webhook') {
    const problem = url ? webhookUrlProblem(url) : 'required';
    if (problem || !url) throw badInput('url', problem ?? 'required');
    id = await ctx.messages.webhook({ url, event: 'test', payload: { message: 'Sitelens webhook test' }, organizationId });
  } else {
    throw new AppError('BAD_USER_INPUT', { field: 'channel', reason: 'unsupported' });
  }
  return (await findDelivery(ctx.database, id!, organizationId))!;
}
