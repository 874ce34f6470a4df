import { type Connection, decodeCursor, encodeCursor, pageSize, toConnection } from '../../graphql/connection.ts';
import type { Context } from '../../graphql/context.ts';
import { badInput } from '../../graphql/errors.ts';
import { requireCaller } from '../access/access.ts';
import type { EventRow } from './installations.repo.ts';
import { eventsOf } from './installations.repo.ts';
import { installationById } from './installations.service.ts';
import { eventPageIn, eventsIn } from './lookups.repo.ts';

export function allEvents(ctx: Context): Promise<EventRow[]> {
  return eventsIn(ctx.database, requireCaller(ctx).organizationIds);
}

export async function allEventsByInstallation(ctx: Context, installationId: number): Promise<EventRow[]> {
  await installationById(ctx, installationId);
  return eventsOf(ctx.database, installationId);
}

/** Events page by page, in id order; another organization's installation answers NOT_FOUND. */
export async function eventConnection(
  ctx: Context,
  args: { first?: number | null; after?: string | null; installationId?: number | null },
): Promise<Connection<EventRow>> {
  const limit = pageSize(args.first);
  if (args.installationId != null) await installationById(ctx, args.installationId);
  const afterId = args.after ? Number(decodeCursor('event', args.after, 1)[0]) : 0;
  if (!Number.isSafeInteger(afterId)) throw badInput('after', 'invalidCursor');
  const rows = await eventPageIn(ctx.database, requireCaller(ctx).organizationIds, {
    afterId,
    limit: limit + 1,
    installationId: args.installationId,
  });
  return toConnection(rows, limit, (e) => encodeCursor('event', [e.id]));
}
