import { type AlertConditionType, ALERT_WINDOW_MINUTES, businessDate, businessDayRange, conditionReading, crossedThreshold, padStatus, reminderDue, scheduleActive, thresholdHolds } from '@sitelens/domain';
import type { Database, SqlClient } from '../../db/database.ts';
import type { Context, ServerDeps } from '../../graphql/context.ts';
import { AppError } from '../../graphql/errors.ts';
import type { AlertLogMetric } from '../alertlogs/alertlogs.tables.ts';
import { organizationContext } from '../auth/organizationContext.ts';
import { findInstallation, topZoneOf } from '../installations/installations.repo.ts';
import { retailData } from '../metrics/retailData.service.ts';
import { withTransaction } from '../metrics/readings.write.ts';
import { siteOccupancy } from '../stopngo/siteOccupancy.ts';
import type { AlertDetails } from './alerts.repo.ts';
import { heartbeatsOf } from './heartbeats.ts';

/** What the condition measures now, where, and whether it holds. */
export interface Measure {
  holds: boolean;
  metrics: AlertLogMetric[];
  zoneId: number | null;
  passageId: number | null;
  deviceId: number | null;
}

async function padTargets(database: Database, padIds: number[]): Promise<Array<{ id: number; passageId: number | null; zoneId: number | null }>> {
  if (padIds.length === 0) return [];
  const { rows } = await database.sql.query<{ id: number; passage_id: number | null; zone_id: number | null }>('select id, passage_id, zone_id from devices where id = any($1::int[])', [padIds]);
  return rows.map((r) => ({ id: r.id, passageId: r.passage_id, zoneId: r.zone_id }));
}

async function deviceZone(database: Database, deviceId: number): Promise<number | null> {
  const { rows } = await database.sql.query<{ zone_id: number | null }>('select zone_id from devices where id = $1', [deviceId]);
  return rows[0]?.zone_id ?? null;
}

/**
 * What one evaluation round reads once for all its alerts: many alerts on one site ask the
 * engine the same question (same metric, targets and window), and that answer is the same for each.
 */
export type MeasureCache = Map<string, Promise<unknown>>;

function once<T>(cache: MeasureCache | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!cache) return read();
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = read();
    cache.set(key, hit);
  }
  return hit;
}

/** Reads the condition through the metrics engine (the same call a widget makes), never from raw readings. */
export async function measure(deps: ServerDeps, details: AlertDetails, now: Date, cache?: MeasureCache): Promise<Measure> {
  const { alert } = details;
  const c = details.condition!;
  const type = c.type as AlertConditionType;
  const none: Measure = { holds: false, metrics: [], zoneId: c.zoneId, passageId: null, deviceId: null };
  if (type === 'stopNGoLimit') {
    const scope = { organizationId: alert.organizationId, installationId: alert.installationId, eventId: c.eventId ?? alert.eventId };
    const o = await once(cache, `occupancy:${JSON.stringify(scope)}`, () => siteOccupancy({ ...deps, now: () => now }, scope));
    if (o.limit === null) return none;
    return { ...none, holds: o.state === 'STOP', metrics: [{ type: 'inside', threshold: o.limit, value: o.inside }] };
  }
  if (type === 'status') {
    const beats = await once(cache, `beats:${alert.installationId}`, () => heartbeatsOf(deps.database, alert.installationId));
    const site = Math.max(0, ...[...beats.values()].map((d) => d.getTime())) || null;
    const matching = c.padIds.filter((id) => c.padStatusCodes.includes(padStatus(beats.get(id)?.getTime() ?? null, site, now.getTime())));
    const first = matching[0] ?? null;
    return { ...none, holds: matching.length > 0, metrics: [{ type: 'status', threshold: 0, value: matching.length }], deviceId: first, zoneId: first ? await deviceZone(deps.database, first) : c.zoneId };
  }
  const reading = conditionReading(type, c.direction)!;
  let target: { kind: string; ids: number[] } | null = c.zoneId != null ? { kind: 'zone', ids: [c.zoneId] } : null;
  let passageId: number | null = null;
  let deviceId: number | null = null;
  let zoneId = c.zoneId;
  if (reading.targets === 'atmosphereDevices' && c.deviceAtmosphereIds.length) {
    target = { kind: 'device', ids: c.deviceAtmosphereIds };
    deviceId = c.deviceAtmosphereIds[0]!;
    zoneId ??= await deviceZone(deps.database, deviceId);
  }
  if (reading.targets === 'pads' && c.padIds.length) {
    const pads = await padTargets(deps.database, c.padIds);
    const passages = pads.map((p) => p.passageId).filter((id): id is number => id !== null);
    if (passages.length) target = { kind: 'passage', ids: passages };
    deviceId = pads[0]?.id ?? null;
    passageId = passages[0] ?? null;
    zoneId ??= pads[0]?.zoneId ?? null;
  }
  // 'now' reads the business day up to this instant (all of it, live; the day so far, when the demo's history is replayed).
  const site = await once(cache, `site:${alert.installationId}`, () => findInstallation(deps.database, alert.installationId));
  const dayBegin = site ? businessDayRange(businessDate(now.getTime(), site.timezone, site.changeOfDayTime), site.timezone, site.changeOfDayTime)[0] : now.getTime() - 86_400_000;
  const since = reading.span === 'window' ? new Date(now.getTime() - ALERT_WINDOW_MINUTES * 60_000) : new Date(Math.min(dayBegin, now.getTime() - 60_000));
  const ctx: Context = { ...organizationContext(deps, alert.organizationId), now: () => now };
  const input = {
    installationId: alert.installationId,
    metric: reading.metric,
    target,
    groupBy: { type: 'all' as const, aggregation: reading.span === 'window' ? reading.aggregation : null },
    filters: { conditions: [{ type: 'date' as const, dateBegin: since, dateEnd: now }] },
  };
  const answer = await once(cache, `engine:${alert.organizationId}:${JSON.stringify(input)}`, () => retailData(ctx, input).catch(unmeasurable));
  const raw = answer?.series[0]?.points[0]?.value;
  const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : type === 'intrusion' || type === 'flux' ? 0 : null;
  // An intrusion is any entry while the alert is armed, unless a value says how many are tolerated.
  const threshold = type === 'intrusion' ? { value: c.value ?? 0 } : c;
  const holds = thresholdHolds(reading, threshold, value);
  return { holds, metrics: value === null ? [] : [{ type: reading.metric, threshold: crossedThreshold(threshold, value), value }], zoneId, passageId, deviceId };
}

/**
 * The engine refusing the question itself (a density on a zone without a floor area, a metric its
 * targets do not measure) answers no value: the condition does not hold, and running the
 * evaluation again would not change that, so it is not a failure that retries the job.
 */
function unmeasurable(error: unknown): null {
  if (error instanceof AppError && error.code === 'BAD_USER_INPUT') return null;
  throw error;
}

export interface Transition {
  kind: 'triggered' | 'cleared' | 'reminded' | 'none';
  logId: number | null;
  /** The notification number of the episode to send (1 = the trigger, 2 = first reminder ...). */
  notification: number | null;
}

/**
 * Moves the alert between ok and triggered under a row lock, so two processes evaluating the same
 * alert write one log and one notification. The notify job is enqueued in the same transaction.
 */
export async function applyMeasure(
  deps: ServerDeps,
  details: AlertDetails,
  m: Measure,
  now: Date,
  enqueueNotify: (tx: SqlClient, data: { alertId: number; logId: number; notification: number }) => Promise<void>,
): Promise<Transition> {
  const alertId = details.alert.id;
  // Nothing can change without a lock: ok and still ok, or triggered and still so without reminders.
  // (The state was read with the details; a transition always re-reads it under the row lock.)
  const { triggered, reminderMinutes } = details.alert;
  if ((!m.holds && !triggered) || (m.holds && triggered && !reminderMinutes)) return { kind: 'none', logId: details.alert.openLogId ?? null, notification: null };
  // Read before the transaction: on PGlite a statement outside it would wait for it to end.
  const zoneId = m.holds ? (m.zoneId ?? (await topZoneOf(deps.database, details.alert.installationId))?.id ?? null) : null;
  return withTransaction(deps.database, async (tx) => {
    const { rows } = await tx.query<{ triggered: boolean; open_log_id: number | null; notified_count: number; last_notified_at: Date | null; enabled: boolean }>(
      'select triggered, open_log_id, notified_count, last_notified_at, enabled from alerts where id = $1 for update',
      [alertId],
    );
    const state = rows[0];
    if (!state) return { kind: 'none', logId: null, notification: null };
    const holds = m.holds && state.enabled;
    if (holds && !state.triggered) {
      const { rows: logs } = await tx.query<{ id: number }>(
        `insert into alert_logs (organization_id, installation_id, alert_id, condition_type, metrics, date_begin, zone_id, passage_id, device_id, message)
         values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10) returning id`,
        [details.alert.organizationId, details.alert.installationId, alertId, details.condition!.type, JSON.stringify(m.metrics), now, zoneId, m.passageId, m.deviceId, details.alert.name],
      );
      const logId = logs[0]!.id;
      await tx.query('update alerts set triggered = true, open_log_id = $2, notified_count = 1, last_notified_at = $3 where id = $1', [alertId, logId, now]);
      await enqueueNotify(tx, { alertId, logId, notification: 1 });
      return { kind: 'triggered', logId, notification: 1 };
    }
    if (!holds && state.triggered) {
      await tx.query('update alert_logs set date_end = $2 where id = $1 and date_end is null', [state.open_log_id, now]);
      await tx.query('update alerts set triggered = false, open_log_id = null where id = $1', [alertId]);
      return { kind: 'cleared', logId: state.open_log_id, notification: null };
    }
    if (holds && state.triggered && state.open_log_id !== null) {
      const due = reminderDue({
        reminderMinutes: details.alert.reminderMinutes,
        maxTrigger: details.condition!.maxTrigger,
        sent: state.notified_count,
        lastSentAt: state.last_notified_at ? new Date(state.last_notified_at).getTime() : null,
        now: now.getTime(),
      });
      if (due) {
        const notification = state.notified_count + 1;
        await tx.query('update alerts set notified_count = $2, last_notified_at = $3 where id = $1', [alertId, notification, now]);
        await enqueueNotify(tx, { alertId, logId: state.open_log_id, notification });
        return { kind: 'reminded', logId: state.open_log_id, notification };
      }
    }
    return { kind: 'none', logId: state.open_log_id, notification: null };
  });
}

/** Whether the alert is armed now, in its site's time zone. */
export async function armedAt(database: Database, details: AlertDetails, now: Date, cache?: MeasureCache): Promise<boolean> {
  if (details.alert.schedule.length === 0) return true;
  const site = await once(cache, `site:${details.alert.installationId}`, () => findInstallation(database, details.alert.installationId));
  return site ? scheduleActive(details.alert.schedule, now.getTime(), site.timezone) : false;
}
