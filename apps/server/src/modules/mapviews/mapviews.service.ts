import type { Context } from '../../graphql/context.ts';
import { requireZone } from '../installations/zoneAccess.ts';
import { type MapViewRow, findMapView } from './mapviews.repo.ts';

/** The zone's floor plan; null when the zone has none. Another organization's zone is NOT_FOUND. */
export async function mapViewConfigByZoneId(ctx: Context, zoneId: number): Promise<MapViewRow | null> {
  await requireZone(ctx, zoneId);
  return findMapView(ctx.database, zoneId);
}
