import { conditionInputMetrics } from '@sitelens/domain';
import type { Database } from '../database.ts';
import { insertAlert } from '../../modules/alerts/alerts.repo.ts';
import type { ResolvedSite } from './demoSites.ts';
import { loadDemoSites } from './loadDemoSites.ts';

/** The demo's CO2 threshold, as the office's air sensors are watched. */
const CO2_PPM = 1000;

/**
 * The demo organization's alerts: CO2 in the office's rooms, and people inside each shop over its
 * limit during opening hours (each site's). The simulator's readings go through the evaluator like any
 * batch, so their new episodes are the evaluator's. They notify by push only: the demo never fills
 * the mail outbox on its own.
 */
export async function createDemoAlerts(database: Database, organizationId: number, now: Date): Promise<number[]> {
  const sites = await loadDemoSites(database, organizationId);
  const { rows: admins } = await database.sql.query<{ id: number }>(
    `select u.id from users u join user_organizations uo on uo.user_id = u.id where uo.organization_id = $1 and u.role = 'admin' order by u.id limit 1`,
    [organizationId],
  );
  const push = admins.length ? [{ type: 'push', msgTitle: '', msgContent: '', recipients: [admins[0]!.id], url: null }] : [];
  const common = { organizationId, enabled: true, reminderMinutes: null, planning: null, planningId: null, createdBy: admins[0]?.id ?? null, now, eventId: null };
  const condition = (type: 'co2' | 'limit', fields: { value: number; zoneId?: number; deviceAtmosphereIds?: number[] }) => ({
    type, min: null, max: null, direction: null, eventId: null, padIds: [], padStatusCodes: [], kinds: ['person'], maxTrigger: 0,
    zoneId: fields.zoneId ?? null, deviceAtmosphereIds: fields.deviceAtmosphereIds ?? [], value: fields.value, inputMetrics: conditionInputMetrics(type),
  });
  const ids: number[] = [];
  const office = sites.find((s) => s.layout.key === 'office');
  // One alert per room's air sensor, as the history below was read per sensor.
  for (const sensor of office?.layout.devices.filter((d) => d.kind === 'atmosphere') ?? []) {
    const deviceId = office!.deviceIds.get(sensor.key)!;
    const room = office!.layout.zones.find((z) => z.key === sensor.zone)?.name ?? sensor.name;
    const id = await insertAlert(database, { ...common, installationId: office!.installationId, name: `CO₂ · ${room}`, schedule: [], condition: condition('co2', { value: CO2_PPM, deviceAtmosphereIds: [deviceId] }), actions: push });
    await adoptHistory(database, id, 'co2', `installation_id = $3 and device_id = $4 and metrics -> 0 ->> 'type' = 'co2'`, [office!.installationId, deviceId]);
    ids.push(id);
  }
  // Each site's occupancy over its limit during opening hours (the limit its history was read against).
  for (const site of sites) {
    const id = await insertAlert(database, {
      ...common,
      installationId: site.installationId,
      name: `${site.layout.name}: occupancy limit`,
      schedule: site.layout.openingHours,
      condition: condition('limit', { value: await occupancyLimit(database, site.installationId), zoneId: topZoneOf(site) }),
      actions: push,
    });
    await adoptHistory(database, id, 'limit', `installation_id = $3 and metrics -> 0 ->> 'type' = 'inside'`, [site.installationId]);
    ids.push(id);
  }
  return ids;
}

/**
 * The demo's past episodes become the alert's: same condition type, linked by id, and an episode
 * still open at creation is the alert's open one, so the evaluator goes on from it without a duplicate.
 */
async function adoptHistory(database: Database, alertId: number, type: string, where: string, params: unknown[]): Promise<void> {
  await database.sql.query(`update alert_logs set alert_id = $1, condition_type = $2 where alert_id is null and ${where}`, [alertId, type, ...params]);
  await database.sql.query(
    `update alerts set triggered = true, notified_count = 1, last_notified_at = l.date_begin, open_log_id = l.id
       from (select id, date_begin from alert_logs where alert_id = $1 and date_end is null order by date_begin desc limit 1) l
      where alerts.id = $1`,
    [alertId],
  );
}

function topZoneOf(site: ResolvedSite): number {
  const top = site.layout.zones.find((z) => z.parent === undefined)!;
  return site.zoneIds.get(top.key)!;
}

/** The limit the demo's history was read against (its occupancy episodes), else a round figure. */
async function occupancyLimit(database: Database, installationId: number): Promise<number> {
  const { rows } = await database.sql.query<{ threshold: number }>(
    `select (metrics -> 0 ->> 'threshold')::float as threshold from alert_logs where installation_id = $1 and metrics -> 0 ->> 'type' = 'inside' order by date_begin desc limit 1`,
    [installationId],
  );
  return rows[0]?.threshold ?? 2000;
}
