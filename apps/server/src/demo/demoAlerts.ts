import { conditionInputMetrics } from '@sitelens/domain';
import type { Database } from '../db/database.ts';
import { insertAlert } from '../modules/alerts/alerts.repo.ts';
import type { ResolvedSite } from './demoSites.ts';
import { demoOccupancyLimit } from './demoOccupancyLimit.ts';
import { loadDemoSites } from './loadDemoSites.ts';

/** The demo's CO2 threshold, as the office's air sensors are watched. */
const CO2_PPM = 1000;

/**
 * The demo organization's alerts: CO2 in the office's rooms, and people inside each shop over its
 * limit during opening hours (each site's). Their history is the evaluator's, replayed over the
 * demo's readings (demoAlertHistory.ts); the simulator's readings go through it like any batch. They notify by push only: the demo never fills
 * the mail outbox on its own.
 */
export async function createDemoAlerts(database: Database, organizationId: number, now: Date): Promise<number[]> {
  const sites = await loadDemoSites(database, organizationId);
  const { rows: admins } = await database.sql.query<{ id: number }>(
    `select u.id from users u join user_organizations uo on uo.user_id = u.id where uo.organization_id = $1 and uo.role = 'admin' order by u.id limit 1`,
    [organizationId],
  );
  const push = admins.length ? [{ type: 'push', msgTitle: '', msgContent: '', recipients: [admins[0]!.id], url: null }] : [];
  // Armed over the demo's history, so the evaluator replaying it (demoAlertHistory.ts) reads its readings.
  const armedAt = new Date(now.getTime() - 90 * 86_400_000);
  const common = { organizationId, enabled: true, reminderMinutes: null, planning: null, planningId: null, createdBy: admins[0]?.id ?? null, now, armedAt, eventId: null };
  const condition = (type: 'co2' | 'limit', fields: { value: number; zoneId?: number; deviceAtmosphereIds?: number[] }) => ({
    type, min: null, max: null, direction: null, eventId: null, padIds: [], padStatusCodes: [], kinds: ['person'], maxTrigger: 0,
    zoneId: fields.zoneId ?? null, deviceAtmosphereIds: fields.deviceAtmosphereIds ?? [], value: fields.value, inputMetrics: conditionInputMetrics(type),
  });
  const ids: number[] = [];
  const office = sites.find((s) => s.layout.key === 'office');
  // One alert per room's air sensor.
  for (const sensor of office?.layout.devices.filter((d) => d.kind === 'atmosphere') ?? []) {
    const deviceId = office!.deviceIds.get(sensor.key)!;
    const room = office!.layout.zones.find((z) => z.key === sensor.zone)?.name ?? sensor.name;
    const id = await insertAlert(database, { ...common, installationId: office!.installationId, name: `CO₂ · ${room}`, schedule: [], condition: condition('co2', { value: CO2_PPM, deviceAtmosphereIds: [deviceId] }), actions: push });
    ids.push(id);
  }
  // Each site's occupancy over its limit during opening hours, the limit read from its readings.
  for (const site of sites) {
    const id = await insertAlert(database, {
      ...common,
      installationId: site.installationId,
      name: `${site.layout.name}: occupancy limit`,
      schedule: site.layout.openingHours,
      condition: condition('limit', { value: (await demoOccupancyLimit(database, site, now.getTime() - 90 * 86_400_000, now.getTime())) ?? 2000, zoneId: topZoneOf(site) }),
      actions: push,
    });
    ids.push(id);
  }
  return ids;
}

function topZoneOf(site: ResolvedSite): number {
  const top = site.layout.zones.find((z) => z.parent === undefined)!;
  return site.zoneIds.get(top.key)!;
}
