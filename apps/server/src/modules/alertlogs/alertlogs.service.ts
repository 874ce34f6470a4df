import { type Connection, decodeCursor, encodeCursor, pageSize, toConnection } from '../../graphql/connection.ts';
import type { Context } from '../../graphql/context.ts';
import { badInput } from '../../graphql/errors.ts';
import { requireCaller } from '../access/access.ts';
import { requireZone } from '../installations/zoneAccess.ts';
import { zonesByIdsIn } from '../installations/lookups.repo.ts';
import { type ZoneView, zoneViews } from '../installations/zoneViews.ts';
import { type AlertLogRow, alertLogPage, zonesAndDescendants } from './alertlogs.repo.ts';

export type AlertLogNode = AlertLogRow & { zone: ZoneView | null };

export interface AlertLogFilter {
  zoneIds?: number[] | null;
  dates?: Date[] | null;
}

/**
 * Alert episodes of the caller's organizations, newest first, overlapping the dates [begin, end]
 * and in the given zones or under them. A zone of another organization is NOT_FOUND.
 */
export async function alertLogConnection(
  ctx: Context,
  args: { filter?: AlertLogFilter | null; first?: number | null; after?: string | null },
): Promise<Connection<AlertLogNode>> {
  const { organizationIds } = requireCaller(ctx);
  const limit = pageSize(args.first);
  const dates = args.filter?.dates ?? null;
  if (dates && dates.length !== 2) throw badInput('dates', 'expectedBeginAndEnd');
  if (dates && dates[1]! < dates[0]!) throw badInput('dates', 'endBeforeBegin');
  let zoneIds: number[] | null = null;
  if (args.filter?.zoneIds) {
    for (const id of args.filter.zoneIds) await requireZone(ctx, id);
    zoneIds = await zonesAndDescendants(ctx.database, args.filter.zoneIds);
  }
  const rows = await alertLogPage(ctx.database, {
    organizationIds,
    zoneIds,
    begin: dates?.[0] ?? null,
    end: dates?.[1] ?? null,
    after: args.after ? parseCursor(args.after) : null,
    limit: limit + 1,
  });
  const zoneIdsShown = [...new Set(rows.map((r) => r.zoneId).filter((id): id is number => id !== null))];
  const zones = await zoneViews(ctx.database, await zonesByIdsIn(ctx.database, organizationIds, zoneIdsShown));
  // A deleted zone answers null, and the widget shows its "This zone has been deleted" label.
  const nodes = rows.map((r) => ({ ...r, zone: zones.find((z) => z.id === r.zoneId && !z.isDeleted) ?? null }));
  return toConnection(nodes, limit, (n) => encodeCursor('alertLog', [n.dateBegin.getTime(), n.id]));
}

function parseCursor(cursor: string) {
  const [ms, id] = decodeCursor('alertLog', cursor, 2).map(Number);
  if (!Number.isSafeInteger(ms) || !Number.isSafeInteger(id)) throw badInput('after', 'invalidCursor');
  return { dateBegin: new Date(ms!), id: id! };
}
