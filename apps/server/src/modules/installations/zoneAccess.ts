import type { Context } from '../../graphql/context.ts';
import { notFound } from '../../graphql/errors.ts';
import { requireOrganization } from '../access/access.ts';
import { findZoneOwner } from './zoneOwner.repo.ts';

/** The zone if the caller's organizations own it; NOT_FOUND otherwise, as for a missing id. */
export async function requireZone(ctx: Context, zoneId: number) {
  const zone = await findZoneOwner(ctx.database, zoneId);
  if (!zone) throw notFound();
  requireOrganization(ctx, zone.organizationId);
  return zone;
}
