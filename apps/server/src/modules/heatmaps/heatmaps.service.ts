import type { BlobStore } from '../../blobs/blobStore.ts';
import { blobStoreFor } from '../../blobs/blobStoreFor.ts';
import type { Context } from '../../graphql/context.ts';
import { badInput } from '../../graphql/errors.ts';
import { requireOwnedIds } from '../access/ownedIds.ts';
import { requireZone } from '../installations/zoneAccess.ts';
import { HEATMAP_GENDERS, type HeatmapGender, type HeatmapKey, SHARED_DASHBOARD, heatmapKey, heatmapUrl, parseHeatmapKey } from './heatmapKeys.ts';

export const DEFAULT_DAY_LIMIT = 31;
export const MAX_DAY_LIMIT = 366;

export interface HeatmapDay {
  date: string;
  images: Array<{ gender: HeatmapGender; url: string }>;
}

/**
 * The days between dateBegin and dateEnd that have heatmap images for the zone, each with its
 * images (one per gender); the dashboard's own images win over the zone's shared ones. At most
 * `dayLimit` days, the most recent ones, listed oldest first as the carousel shows them.
 */
export async function heatmapImages(
  ctx: Context,
  args: { zoneId: number; dashboardId: number; dateBegin: string; dateEnd: string; dayLimit?: number | null },
): Promise<HeatmapDay[]> {
  await requireZone(ctx, args.zoneId);
  if (args.dashboardId !== SHARED_DASHBOARD) await requireOwnedIds(ctx, [{ field: 'dashboardId', kind: 'dashboard', ids: [args.dashboardId] }]);
  if (args.dateEnd < args.dateBegin) throw badInput('dateEnd', 'endBeforeBegin');
  const dayLimit = args.dayLimit ?? DEFAULT_DAY_LIMIT;
  if (!Number.isInteger(dayLimit) || dayLimit < 1 || dayLimit > MAX_DAY_LIMIT) throw badInput('dayLimit', 'outOfRange');
  const found = (await blobStoreFor(ctx.config).list(`heatmaps/${args.zoneId}/`))
    .map(parseHeatmapKey)
    .filter((k): k is HeatmapKey => k !== null && k.date >= args.dateBegin && k.date <= args.dateEnd)
    .filter((k) => k.dashboardId === args.dashboardId || k.dashboardId === SHARED_DASHBOARD);
  const byDay = new Map<string, Set<HeatmapGender>>();
  for (const k of found) byDay.set(k.date, (byDay.get(k.date) ?? new Set()).add(k.gender));
  return [...byDay.keys()]
    .sort()
    .slice(-dayLimit)
    .map((date) => ({
      date,
      images: HEATMAP_GENDERS.filter((g) => byDay.get(date)!.has(g)).map((gender) => ({
        gender,
        url: heatmapUrl({ zoneId: args.zoneId, dashboardId: args.dashboardId, date, gender }),
      })),
    }));
}

/** One image's bytes: the dashboard's own, else the zone's shared one; null when neither exists. */
export async function readHeatmap(blobs: BlobStore, key: HeatmapKey): Promise<Buffer | null> {
  return (await blobs.get(heatmapKey(key))) ?? (await blobs.get(heatmapKey({ ...key, dashboardId: SHARED_DASHBOARD })));
}
