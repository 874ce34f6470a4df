import { type AlertConditionType, ALERT_WINDOW_MINUTES, armedSince, businessDate, businessDayRange, conditionReading, countsEvents, crossedThreshold, mayHoldBetween, padStatus, thresholdHolds } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import type { Context, ServerDeps } from '../../graphql/context.ts';
import { AppError } from '../../graphql/errors.ts';
import { organizationContext } from '../auth/organizationContext.ts';
import { findInstallation } from '../installations/installations.repo.ts';
import { retailData } from '../metrics/retailData.service.ts';
import { siteOccupancy } from '../stopngo/siteOccupancy.ts';
import type { AlertDetails } from './alerts.repo.ts';
import type { Measure } from './alertState.ts';
import { heartbeatsOf } from './heartbeats.ts';

/** An alert that is not armed now measures nothing. */
export const NOT_ARMED: Measure = { holds: false, armed: false, metrics: [], zoneId: null, passageId: null, deviceId: null, pads: [] };

async function padTargets(database: Database, padIds: number[]): Promise<Array<{ id: number; passageId: number | null; zoneId: number | null }>> {
  if (padIds.length === 0) return [];
  const { rows } = await database.sql.query<{ id: number; passage_id: number | null; zone_id: number | null }>('select id, passage_id, zone_id from devices where id = any($1::int[])', [padIds]);
  return rows.map((r) => ({ id: r.id, passageId: r.passage_id, zoneId: r.zone_id }));
}

async function deviceNames(database: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await database.sql.query<{ id: number; name: string }>('select id, name from devices where id = any($1::int[])', [ids]);
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function deviceZone(database: Database, deviceId: number): Promise<number | null> {
  const { rows } = await database.sql.query<{ zone_id: number | null }>('select zone_id from devices where id = $1', [deviceId]);
  return rows[0]?.zone_id ?? null;
}

/**
 * What one evaluation round reads once for all its alerts: many alerts on one site ask the
 * engine the same question (same metric, targets and window), and that answer is the same for each.
 */
export type MeasureCache = Map<string, unknown>;

/**
 * The context a round's engine question runs in: one per organization for a call's worth of
 * questions (its loaders read each site, zone tree and area once for all of them), then a new one,
 * since a context's engine budget is one GraphQL call's (engineBudget.ts). Without a round, its own.
 */
function questionContext(deps: ServerDeps, cache: MeasureCache | undefined, organizationId: number, now: Date): Context {
  const fresh = (): Context => Object.assign(organizationContext(deps, organizationId), { now: () => now });
  if (!cache) return fresh();
  const key = `context:${organizationId}`;
  let held = cache.get(key) as { ctx: Context; asked: number } | undefined;
  // A fifth of the call's bound: a derived metric's question asks the engine a few times.
  const perContext = Math.min(20, Math.max(1, Math.floor(deps.config.API_ENGINE_REQUESTS_PER_CALL / 5)));
  if (!held || held.asked >= perContext) cache.set(key, (held = { ctx: fresh(), asked: 0 }));
  held.asked += 1;
  return held.ctx;
}

function once<T>(cache: MeasureCache | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!cache) return read();
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = read();
    cache.set(key, hit);
  }
  return hit;
}

/** Questions this process's evaluations put to the metrics engine (tests read it: alerts asking the same one share it). */
let engineQuestions = 0;
export const alertEngineQuestions = (): number => engineQuestions;

/**
 * Reads the condition through the metrics engine (the same call a widget makes), never from raw
 * readings. `since` is when the alert was armed (armedFrom): a condition counting entries or exits
 * over its window counts none from before it, so an entry made before the alert was armed is no intrusion.
 */
export async function measure(deps: ServerDeps, details: AlertDetails, now: Date, since: number, cache?: MeasureCache): Promise<Measure> {
  const { alert } = details;
  const c = details.condition!;
  const type = c.type as AlertConditionType;
  const none: Measure = { holds: false, armed: true, metrics: [], zoneId: c.zoneId, passageId: null, deviceId: null, pads: [] };
  if (type === 'stopNGoLimit') {
    const scope = { organizationId: alert.organizationId, installationId: alert.installationId, eventId: c.eventId ?? alert.eventId };
    const o = await once(cache, `occupancy:${JSON.stringify(scope)}`, () => siteOccupancy(Object.assign({}, deps, { now: () => now }), scope));
    if (o.limit === null) return none;
    return { ...none, holds: o.state === 'STOP', metrics: [{ type: 'inside', threshold: o.limit, value: o.inside }] };
  }
  if (type === 'status') {
    const beats = await once(cache, `beats:${alert.installationId}`, () => heartbeatsOf(deps.database, alert.installationId));
    const site = Math.max(0, ...[...beats.values()].map((d) => d.getTime())) || null;
    const statuses = c.padIds.map((id) => ({ id, status: padStatus(beats.get(id)?.getTime() ?? null, site, now.getTime()), lastSeen: beats.get(id) ?? null }));
    const matching = statuses.filter((p) => c.padStatusCodes.includes(p.status));
    const first = matching[0]?.id ?? null;
    const names = await once(cache, `names:${c.padIds.join(',')}`, () => deviceNames(deps.database, c.padIds));
    const pads = matching.map((p) => ({ id: p.id, name: names.get(p.id) ?? '', status: p.status, lastSeen: p.lastSeen?.toISOString() ?? null }));
    return { ...none, holds: matching.length > 0, metrics: [{ type: 'status', threshold: 0, value: matching.length }], deviceId: first, zoneId: first ? await deviceZone(deps.database, first) : c.zoneId, pads };
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
  // Entries and exits counted over the window are events: none from before the arming counts (the
  // last staff out at 14:57 is no intrusion of a window opening at 15:00). A level (an average over
  // the window, people inside now) is the state measured, whenever its readings came.
  const window = now.getTime() - ALERT_WINDOW_MINUTES * 60_000;
  const from = reading.span === 'window' ? (countsEvents(reading) ? Math.max(window, since) : window) : Math.min(dayBegin, now.getTime() - 60_000);
  const threshold = type === 'intrusion' ? { value: c.value ?? 0 } : c;
  const counts = type === 'intrusion' || type === 'flux';
  if (from >= now.getTime()) {
    // Armed this very instant: no entry yet.
    const value = counts ? 0 : null;
    return { ...none, holds: thresholdHolds(reading, threshold, value), metrics: value === null ? [] : [{ type: reading.metric, threshold: crossedThreshold(threshold, value), value }], zoneId, passageId, deviceId };
  }
  const valueFrom = async (begin: number): Promise<number | null> => {
    const input = {
      installationId: alert.installationId,
      metric: reading.metric,
      target,
      groupBy: { type: 'all' as const, aggregation: reading.span === 'window' ? reading.aggregation : null },
      filters: { conditions: [{ type: 'date' as const, dateBegin: new Date(begin), dateEnd: now }] },
    };
    const answer = await once(cache, `engine:${alert.organizationId}:${JSON.stringify(input)}`, () => {
      engineQuestions += 1;
      return retailData(questionContext(deps, cache, alert.organizationId, now), input).catch(unmeasurable);
    });
    const raw = answer?.series[0]?.points[0]?.value;
    return typeof raw === 'number' && Number.isFinite(raw) ? raw : counts ? 0 : null;
  };
  if (counts && from > window) {
    // Armed inside the window: its own count lies between 0 and the window's (counts are never
    // negative: readingValidation), which the round's other alerts on these targets share.
    if (!mayHoldBetween(reading, threshold, 0, await valueFrom(window))) return { ...none, zoneId, passageId, deviceId };
  }
  const value = await valueFrom(from);
  // An intrusion is any entry while the alert is armed, unless a value says how many are tolerated.
  const holds = thresholdHolds(reading, threshold, value);
  return { ...none, holds, metrics: value === null ? [] : [{ type: reading.metric, threshold: crossedThreshold(threshold, value), value }], zoneId, passageId, deviceId };
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

/**
 * From when the alert reads readings now (ms), or null when it is not armed: switched off, or
 * outside its schedule's windows (in its site's time zone). Armed, it reads from the later of the
 * window's begin and its own arming (created, saved, switched on).
 */
export async function armedFrom(database: Database, details: AlertDetails, now: Date, cache?: MeasureCache): Promise<number | null> {
  const { alert } = details;
  if (!alert.enabled) return null;
  const armedAt = new Date(alert.armedAt).getTime();
  if (alert.schedule.length === 0) return armedAt;
  const site = await once(cache, `site:${alert.installationId}`, () => findInstallation(database, alert.installationId));
  return site ? armedSince({ windows: alert.schedule, armedAt, ts: now.getTime(), tz: site.timezone }) : null;
}
