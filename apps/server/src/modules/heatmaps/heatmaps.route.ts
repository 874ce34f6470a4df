import type { FastifyInstance } from 'fastify';
import { blobStoreFor } from '../../blobs/blobStoreFor.ts';
import type { ServerDeps } from '../../graphql/context.ts';
import { findZoneOwner } from '../installations/zoneOwner.repo.ts';
import { type HeatmapGender, SHARED_DASHBOARD } from './heatmapKeys.ts';
import { ownsAll } from '../access/ownedIds.ts';
import { readHeatmap } from './heatmaps.service.ts';
import { requestOrganizations } from '../auth/requestCaller.ts';

interface Params {
  zoneId: string;
  dashboardId: string;
  day: string;
  file: string;
}

/**
 * GET /api/heatmaps/:zoneId/:dashboardId/:YYYY_MM_DD/:gender.png — a heatmap image, for a signed-in
 * member of the zone's and the dashboard's organization (bearer or session cookie). Anything else is 404 alike,
 * so an image of another organization cannot be told from a missing one.
 */
export function registerHeatmapRoute(app: FastifyInstance, deps: ServerDeps): void {
  const blobs = blobStoreFor(deps.config);
  app.get<{ Params: Params }>('/api/heatmaps/:zoneId/:dashboardId/:day/:file', async (req, reply) => {
    const organizationIds = await requestOrganizations(deps, req);
    if (!organizationIds) return reply.code(401).send({ error: 'unauthenticated' });
    const { zoneId, dashboardId, day, file } = req.params;
    const date = /^(\d{4})_(\d{2})_(\d{2})$/.exec(day);
    const gender = /^(all|male|female)\.png$/.exec(file)?.[1] as HeatmapGender | undefined;
    if (!/^\d{1,9}$/.test(zoneId) || !/^\d{1,9}$/.test(dashboardId) || !date || !gender) return reply.code(404).send({ error: 'notFound' });
    const zone = await findZoneOwner(deps.database, Number(zoneId));
    if (!zone || !organizationIds.includes(zone.organizationId)) return reply.code(404).send({ error: 'notFound' });
    // The dashboard too, as heatmapImages asks it: one of the caller's organizations, or the zone's shared images.
    const dashboard = Number(dashboardId);
    if (dashboard !== SHARED_DASHBOARD && !(await ownsAll(deps.database, organizationIds, 'dashboard', [dashboard]))) return reply.code(404).send({ error: 'notFound' });
    const bytes = await readHeatmap(blobs, { zoneId: zone.id, dashboardId: dashboard, date: `${date[1]}-${date[2]}-${date[3]}`, gender });
    if (!bytes) return reply.code(404).send({ error: 'notFound' });
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
