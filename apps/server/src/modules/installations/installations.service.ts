import type { Context } from '../../graphql/context.ts';
import { notFound } from '../../graphql/errors.ts';
import { requireCaller, requireOrganization } from '../access/access.ts';
import { requireOwnedIds } from '../access/ownedIds.ts';
import { type InstallationRow, findInstallation, installationsOf, passagesOf, topZoneOf } from './installations.repo.ts';
import { devicesOfKind, passagesByIdsIn, topZonesIn, zonesByIdsIn, zonesWithTagsIn } from './lookups.repo.ts';
import { type ZoneView, zoneViews } from './zoneViews.ts';
import { type SiteZones, installationWithFamilies, zoneViewsOfInstallations } from './pageReads.repo.ts';
import { referenceScope, throughReference } from '../metrics/cache/referenceCache.ts';
import { KeyBatcher } from '../../graphql/keyBatcher.ts';
import { perContext } from '../../graphql/perContext.ts';

export type { ZoneView } from './zoneViews.ts';

/** The installation if the caller's organizations own it; otherwise NOT_FOUND, as for a missing id. */
export async function installationById(ctx: Context, id: number): Promise<InstallationRow> {
  return checkedInstallation(ctx, await findInstallation(ctx.database, id));
}

/** installationById's check on a row already read (the metrics read many at once): missing or foreign is NOT_FOUND. */
export function checkedInstallation(ctx: Context, row: InstallationRow | null | undefined): InstallationRow {
  if (!row) throw notFound();
  requireOrganization(ctx, row.organizationId);
  return row;
}

export function allInstallations(ctx: Context) {
  return installationsOf(ctx.database, requireCaller(ctx).organizationIds);
}

/** installationById for the query of that name: the row with its events' metric families, in one statement. */
export async function installationWithFamiliesById(ctx: Context, id: number): Promise<InstallationRow & { families: string[] }> {
  const row = await pageRead(ctx, 'siteWithFamilies', id, () => installationWithFamilies(ctx.database, id));
  checkedInstallation(ctx, row);
  return row!;
}

/**
 * A page's own read of its site (its zones: siteZonesOf below), kept in the process's reference cache
 * under the shared data version (what sites, zones, devices, tags and events write moves; migration
 * 0053) like the engine's lookups: an analytics page sends it with its charts, whose version read
 * they share. The caller's organization is checked on the kept row as on a read one.
 */
async function pageRead<V>(ctx: Context, name: string, id: number, read: () => Promise<V>): Promise<V> {
  const scope = await referenceScope(ctx);
  const found = await throughReference(scope, name, [id], () => scope?.shared, async () => new Map([[id, await read()]]));
  return found.get(id)!;
}

/**
 * Sites' zones asked side by side in one operation (a list of sites, each with its `zones`): those
 * not kept in the reference cache are read in one statement, and each site once.
 */
const siteZonesOf = perContext(
  (ctx: Context) =>
    new KeyBatcher<number, SiteZones | null>(async (ids) => {
      const scope = await referenceScope(ctx);
      return throughReference(scope, 'zonesOfSite', ids, () => scope?.shared, (missing) => zoneViewsOfInstallations(ctx.database, missing));
    }),
);

export async function zonesByInstallation(ctx: Context, installationId: number): Promise<ZoneView[]> {
  const found = await siteZonesOf(ctx).load(installationId);
  if (!found) throw notFound();
  requireOrganization(ctx, found.organizationId);
  return found.zones;
}

export async function topZoneByInstallation(ctx: Context, installationId: number): Promise<ZoneView | null> {
  await installationById(ctx, installationId);
  const top = await topZoneOf(ctx.database, installationId);
  return top ? ((await zoneViews(ctx.database, [top]))[0] ?? null) : null;
}

export async function passagesByInstallation(ctx: Context, installationId: number) {
  await installationById(ctx, installationId);
  return passagesOf(ctx.database, installationId);
}

// List lookups by ids answer what the caller may see: ids of another organization (or unknown
// ones) are left out, as a search would, rather than failing the whole list.

export async function zonesByIds(ctx: Context, ids: number[]): Promise<ZoneView[]> {
  await requireOwnedIds(ctx, [{ field: 'zoneIds', kind: 'zone', ids }]);
  return zoneViews(ctx.database, await zonesByIdsIn(ctx.database, requireCaller(ctx).organizationIds, ids));
}

export async function zonesByTags(ctx: Context, tagIds: number[]): Promise<ZoneView[]> {
  await requireOwnedIds(ctx, [{ field: 'tagIds', kind: 'tag', ids: tagIds }]);
  return zoneViews(ctx.database, await zonesWithTagsIn(ctx.database, requireCaller(ctx).organizationIds, tagIds));
}

/** Top zones of the caller's sites; with tagIds, only those carrying at least one of them. */
export async function topZonesWithTags(ctx: Context, tagIds: number[] | null | undefined): Promise<ZoneView[]> {
  await requireOwnedIds(ctx, [{ field: 'tagIds', kind: 'tag', ids: tagIds ?? [] }]);
  const views = await zoneViews(ctx.database, await topZonesIn(ctx.database, requireCaller(ctx).organizationIds));
  return tagIds?.length ? views.filter((z) => z.tagIds.some((t) => tagIds.includes(t))) : views;
}

/** The organization's sites as the hub lists them: every installation's top zone. */
export async function sites(ctx: Context): Promise<ZoneView[]> {
  return topZonesWithTags(ctx, null);
}

export async function passagesByIds(ctx: Context, ids: number[]) {
  await requireOwnedIds(ctx, [{ field: 'passageIds', kind: 'passage', ids }]);
  return passagesByIdsIn(ctx.database, requireCaller(ctx).organizationIds, ids);
}

export async function devicesByInstallation(ctx: Context, installationId: number, kind: 'atmosphere' | 'pad') {
  await installationById(ctx, installationId);
  const [devices, zones] = await Promise.all([devicesOfKind(ctx.database, installationId, kind), zonesByInstallation(ctx, installationId)]);
  return devices.map((d) => ({ ...d, zone: zones.find((z) => z.id === d.zoneId) ?? null }));
}
