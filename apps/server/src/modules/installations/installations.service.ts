import type { Context } from '../../graphql/context.ts';
import { notFound } from '../../graphql/errors.ts';
import { requireCaller, requireOrganization } from '../auth/access.ts';
import { type InstallationRow, findInstallation, installationsOf, passagesOf, sensorsOf, topZoneOf, zonesOf } from './installations.repo.ts';

/** The installation if the caller's organizations own it; otherwise NOT_FOUND, as for a missing id. */
export async function installationById(ctx: Context, id: number): Promise<InstallationRow> {
  const row = await findInstallation(ctx.database, id);
  if (!row) throw notFound();
  requireOrganization(ctx, row.organizationId);
  return row;
}

export function allInstallations(ctx: Context) {
  return installationsOf(ctx.database, requireCaller(ctx).organizationIds);
}

export interface ZoneView {
  id: number;
  name: string;
  installationId: number;
  parentIds: number[];
  childIds: number[];
  sensorId: number | null;
  isDisabled: boolean;
  isDeleted: boolean;
}

export async function zonesByInstallation(ctx: Context, installationId: number): Promise<ZoneView[]> {
  await installationById(ctx, installationId);
  const [rows, sensors] = await Promise.all([zonesOf(ctx.database, installationId), sensorsOf(ctx.database, installationId)]);
  const sensorByZone = new Map(sensors.map((s) => [s.zoneId, s.id]));
  return rows.map((z) => ({
    id: z.id,
    name: z.name,
    installationId: z.installationId,
    parentIds: z.parentId ? [z.parentId] : [],
    childIds: rows.filter((c) => c.parentId === z.id).map((c) => c.id),
    sensorId: sensorByZone.get(z.id) ?? null,
    isDisabled: z.isDisabled,
    isDeleted: z.deletedAt !== null,
  }));
}

export async function topZoneByInstallation(ctx: Context, installationId: number): Promise<ZoneView | null> {
  await installationById(ctx, installationId);
  const top = await topZoneOf(ctx.database, installationId);
  if (!top) return null;
  return (await zonesByInstallation(ctx, installationId)).find((z) => z.id === top.id) ?? null;
}

export async function passagesByInstallation(ctx: Context, installationId: number) {
  await installationById(ctx, installationId);
  return passagesOf(ctx.database, installationId);
}
