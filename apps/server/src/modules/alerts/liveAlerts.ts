import { filter, map, pipe } from 'graphql-yoga';
import type { Context } from '../../graphql/context.ts';
import type { LiveAlert } from '../../live/livePubSub.ts';
import { zonesAndDescendants } from '../alertlogs/alertlogs.repo.ts';
import { requireCaller } from '../access/access.ts';
import { requireZone } from '../installations/zoneAccess.ts';

/** Live alerts per organization and zone (spec 001 §7): the same scope as alertLogConnection. */
export async function subscribeLiveAlerts(ctx: Context, zoneIds: number[] | null): Promise<AsyncIterable<LiveAlert & { zoneName: string | null }>> {
  const caller = requireCaller(ctx);
  let scope: Set<number> | null = null;
  if (zoneIds) {
    for (const id of zoneIds) await requireZone(ctx, id);
    scope = new Set(await zonesAndDescendants(ctx.database, zoneIds));
  }
  const organizationId = caller.organizationIds[0]!;
  const names = new Map<number, string | null>();
  const nameOf = async (zoneId: number | null) => {
    if (zoneId === null) return null;
    if (!names.has(zoneId)) {
      const { rows } = await ctx.database.sql.query<{ name: string }>('select name from zones where id = $1 and deleted_at is null', [zoneId]);
      names.set(zoneId, rows[0]?.name ?? null);
    }
    return names.get(zoneId)!;
  };
  return pipe(
    ctx.live.subscribe('alerts', organizationId),
    filter((a: LiveAlert) => scope === null || (a.zoneId !== null && scope.has(a.zoneId))),
    map(async (a: LiveAlert) => ({ ...a, zoneName: await nameOf(a.zoneId) })),
  );
}
