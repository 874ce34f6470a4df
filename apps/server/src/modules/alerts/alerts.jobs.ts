import { randomUUID } from 'node:crypto';
import { formatMetricValue } from '@sitelens/domain';
import type { Database, SqlClient } from '../../db/database.ts';
import type { Context, ServerDeps } from '../../graphql/context.ts';
import { defineJob } from '../../jobs/defineJob.ts';
import type { JobDeps } from '../../jobs/jobDeps.ts';
import type { LiveAlert } from '../../live/livePubSub.ts';
import { organizationRecipients } from '../../messages/recipients.ts';
import type { ReadingRow } from '../metrics/readings.write.ts';
import { findInstallation } from '../installations/installations.repo.ts';
import { type Measure, type MeasureCache, applyMeasure, armedAt, measure } from './alertEvaluation.ts';
import { type AlertDetails, findAlertDetails } from './alerts.repo.ts';
import { type AlertMessageData, alertTriggeredEmail, alertTriggeredPush, alertTriggeredSms } from './alerts.messages.ts';
import { alertsWokenBy } from './alertWakeUp.ts';
import { recordHeartbeats } from './heartbeats.ts';

/** Evaluates the given alerts of one organization now; enqueued after readings commit and after a save. */
export const evaluateAlertsJob = defineJob<EvaluationRequest>({
  name: 'alerts.evaluate',
  options: { retryLimit: 3, retryDelaySeconds: 5, timeoutSeconds: 120, batchSize: 4 },
  async run({ organizationId, alertIds, requestedAt, origin }, _run, deps) {
    const ids = origin === PROCESS_ORIGIN && requestedAt !== undefined ? alertIds.filter((id) => (covered.get(id) ?? -1) < requestedAt) : alertIds;
    if (ids.length) await inRound(deps, organizationId, ids);
  },
});

/**
 * An evaluation asked for after readings committed at `requestedAt` (this process's clock, ms) by
 * the process `origin`. An evaluation of the same alert that this process began at or after that
 * instant read those readings: the request is already answered (while a burst of batches arrives,
 * the queued requests fold into the evaluations running or done since).
 */
interface EvaluationRequest {
  organizationId: number;
  alertIds: number[];
  requestedAt?: number;
  origin?: string;
}

const PROCESS_ORIGIN = randomUUID();
/** Per alert, when this process's latest evaluation of it began (one that failed throws and its job runs again). */
const covered = new Map<number, number>();

/** The alerts the next round of an organization evaluates, and the jobs waiting for it. */
interface PendingRound {
  ids: Set<number>;
  waiters: Array<{ ids: number[]; resolve(): void; reject(error: unknown): void }>;
}
/** Per organization: a round runs in this process; the round gathering the requests made meanwhile. */
const lanes = new Map<number, { next: PendingRound | null }>();

/**
 * Evaluates the alerts in the organization's next round in this process, and resolves once that
 * round is done; rejects when one of these alerts failed in it (the job runs again). One round at a
 * time per organization: the requests made while one runs (a burst of batches, alerts saved one by
 * one) are gathered into the next, which evaluates their alerts once for all of them.
 */
function inRound(deps: JobDeps, organizationId: number, ids: number[]): Promise<void> {
  let lane = lanes.get(organizationId);
  const idle = !lane;
  if (!lane) lanes.set(organizationId, (lane = { next: null }));
  lane.next ??= { ids: new Set(), waiters: [] };
  const round = lane.next;
  for (const id of ids) round.ids.add(id);
  const done = new Promise<void>((resolve, reject) => round.waiters.push({ ids, resolve, reject }));
  if (idle) void runRounds(deps, organizationId, lane);
  return done;
}

/**
 * After a round of d ms, an organization's next round begins REST_PER_ROUND × d later at the
 * earliest (at most MAX_REST_MS): under a burst of batches its evaluation takes about a ninth of
 * the process's time (on PGlite, of its one connection), and its ingest keeps the rest. A round
 * shorter than RESTLESS_ROUND_MS (a few alerts: a reading on one zone, an alert saved) does not
 * rest: a thousand alerts saved one after another would otherwise queue their checks for minutes.
 */
const REST_PER_ROUND = 8;
const MAX_REST_MS = 2000;
const RESTLESS_ROUND_MS = 50;

async function runRounds(deps: JobDeps, organizationId: number, lane: { next: PendingRound | null }): Promise<void> {
  while (lane.next) {
    const round = lane.next;
    lane.next = null;
    const begun = performance.now();
    try {
      const all = await findAlertDetails(deps.database, [...round.ids]);
      const failed = await evaluateAll(deps, all.filter((d) => d.alert.organizationId === organizationId));
      for (const w of round.waiters) {
        const mine = w.ids.filter((id) => failed.has(id));
        if (mine.length) w.reject(new Error(`evaluation of alert ${mine.join(', ')} failed`));
        else w.resolve();
      }
    } catch (error) {
      for (const w of round.waiters) w.reject(error ?? new Error('alert evaluation failed'));
    }
    // Requests made meanwhile gather into lane.next (the lane stays, so none starts a round of its own).
    const took = performance.now() - begun;
    if (took >= RESTLESS_ROUND_MS) await new Promise((resolve) => setTimeout(resolve, Math.min(took * REST_PER_ROUND, MAX_REST_MS)).unref());
  }
  lanes.delete(organizationId);
}

/** How many times this process measured each alert (tests read it: a batch evaluates only the alerts it can change). */
const evaluations = new Map<number, number>();
export const alertEvaluationCount = (alertId: number): number => evaluations.get(alertId) ?? 0;

/** Time-based conditions (status, intrusion and flux windows), schedule ends, reminders and clearing: every minute. */
export const periodicAlertsJob = defineJob<Record<string, never>>({
  name: 'alerts.periodic',
  options: { retryLimit: 0, timeoutSeconds: 300, batchSize: 1 },
  schedule: { rule: { kind: 'interval', minutes: 1 }, timeZone: 'UTC', catchUp: 'last' },
  async run(_data, _run, deps) {
    const { rows } = await deps.database.sql.query<{ id: number }>(
      `select a.id from alerts a join alert_conditions c on c.alert_id = a.id
        where a.triggered or (a.enabled and (c.type in ('status', 'intrusion', 'flux') or a.schedule <> '[]'::jsonb))
        order by a.id`,
    );
    const failed = await evaluateAll(deps, await findAlertDetails(deps.database, rows.map((r) => r.id)));
    if (failed.size) throw new Error(`evaluation of alert ${[...failed].join(', ')} failed`);
  },
});

export const notifyAlertJob = defineJob<{ alertId: number; logId: number; notification: number }>({
  name: 'alerts.notify',
  options: { retryLimit: 5, retryDelaySeconds: 10, timeoutSeconds: 120, batchSize: 4 },
  run: (data, _run, deps) => notifyAlert(deps, data),
});

export const alertJobs = [evaluateAlertsJob, periodicAlertsJob, notifyAlertJob];

/**
 * One evaluation round: every alert measured first (an engine answer shared by the alerts asking the
 * same question), then their states read again in one query, and a transaction only for an alert
 * whose state may change. An alert that fails is logged and left for its job's next run; the
 * others go on. Returns the alerts that failed.
 */
async function evaluateAll(deps: JobDeps, all: AlertDetails[]): Promise<Set<number>> {
  const begun = Date.now();
  const before = new Map(all.map((d) => [d.alert.id, covered.get(d.alert.id)]));
  for (const d of all) covered.set(d.alert.id, Math.max(covered.get(d.alert.id) ?? 0, begun));
  let failed: Set<number> = new Set(before.keys());
  try {
    failed = await evaluateRound(deps, all);
    return failed;
  } finally {
    // Those the job runs again for: not answered for until it does.
    for (const id of failed) {
      const at = before.get(id);
      if (at === undefined) covered.delete(id);
      else covered.set(id, at);
    }
  }
}

async function evaluateRound(deps: JobDeps, all: AlertDetails[]): Promise<Set<number>> {
  const now = deps.now();
  const cache: MeasureCache = new Map();
  const failed = new Set<number>();
  const fail = (details: AlertDetails, error: unknown) => {
    deps.log.error(error, `alert ${details.alert.id} evaluation`);
    failed.add(details.alert.id);
  };
  const measured: Array<{ details: AlertDetails; m: Measure }> = [];
  for (const details of all) {
    if (!details.condition) continue;
    evaluations.set(details.alert.id, (evaluations.get(details.alert.id) ?? 0) + 1);
    try {
      const armed = details.alert.enabled && (await armedAt(deps.database, details, now, cache));
      measured.push({ details, m: armed ? await measure(deps, details, now, cache) : { holds: false, metrics: [], zoneId: null, passageId: null, deviceId: null } });
    } catch (error) {
      fail(details, error);
    }
  }
  const states = await currentStates(deps.database, measured.map((x) => x.details.alert.id));
  for (const { details, m } of measured) {
    const state = states.get(details.alert.id);
    if (!state) continue;
    try {
      const t = await applyMeasure(deps, { ...details, alert: { ...details.alert, ...state } }, m, now, async (tx, data) => {
        await deps.jobs.enqueue(notifyAlertJob, data, { tx });
      });
      if (t.kind === 'triggered' || t.kind === 'reminded') deps.jobs.wake(notifyAlertJob);
      if ((t.kind === 'triggered' || t.kind === 'cleared') && t.logId !== null) await publishAlertLog(deps, t.logId);
    } catch (error) {
      fail(details, error);
    }
  }
  return failed;
}

async function currentStates(database: Database, ids: number[]): Promise<Map<number, { triggered: boolean; openLogId: number | null }>> {
  if (ids.length === 0) return new Map();
  const { rows } = await database.sql.query<{ id: number; triggered: boolean; open_log_id: number | null }>('select id, triggered, open_log_id from alerts where id = any($1::int[])', [ids]);
  return new Map(rows.map((r) => [r.id, { triggered: r.triggered, openLogId: r.open_log_id }]));
}

async function publishAlertLog(deps: ServerDeps, logId: number): Promise<void> {
  const { rows } = await deps.database.sql.query<{
    id: number; alert_id: number | null; installation_id: number; organization_id: number; condition_type: string; metrics: LiveAlert['metrics'];
    date_begin: Date | string; date_end: Date | string | null; zone_id: number | null; passage_id: number | null; device_id: number | null; message: string;
  }>('select * from alert_logs where id = $1', [logId]);
  const r = rows[0];
  if (!r) return;
  deps.live.publish('alerts', r.organization_id, {
    id: r.id,
    alertId: r.alert_id,
    installationId: r.installation_id,
    conditionType: r.condition_type,
    metrics: r.metrics,
    dateBegin: new Date(r.date_begin).toISOString(),
    dateEnd: r.date_end ? new Date(r.date_end).toISOString() : null,
    zoneId: r.zone_id,
    passageId: r.passage_id,
    deviceId: r.device_id,
    message: r.message,
  });
}

/**
 * Sends one notification of an episode through every action, each recipient in their own language.
 * Dedupe keys make a retried or repeated run send nothing twice.
 */
async function notifyAlert(deps: JobDeps, data: { alertId: number; logId: number; notification: number }): Promise<void> {
  const [details] = await findAlertDetails(deps.database, [data.alertId]);
  if (!details) return;
  const { alert, actions, planning } = details;
  const { rows } = await deps.database.sql.query<{ metrics: LiveAlert['metrics']; date_begin: Date | string; zone_name: string | null }>(
    'select l.metrics, l.date_begin, z.name as zone_name from alert_logs l left join zones z on z.id = l.zone_id where l.id = $1',
    [data.logId],
  );
  const log = rows[0];
  const site = await findInstallation(deps.database, alert.installationId);
  if (!log || !site) return;
  const metric = log.metrics[0];
  const dataFor = (lang: string, a: (typeof actions)[number]): AlertMessageData => ({
    alertId: alert.id,
    alert: alert.name,
    conditionType: details.condition?.type ?? '',
    site: site.name,
    zone: log.zone_name ?? site.name,
    since: new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short', timeZone: site.timezone }).format(new Date(log.date_begin)),
    value: metric ? formatMetricValue(metric.type, metric.value, { locale: lang }) : '-',
    threshold: metric ? formatMetricValue(metric.type, metric.threshold, { locale: lang }) : '-',
    title: a.msgTitle,
    content: a.msgContent,
    reminder: data.notification > 1,
  });
  const key = (channel: string, who: string | number) => `alert:${alert.id}:${data.logId}:${data.notification}:${channel}:${who}`;
  const contactLang = await organizationLanguage(deps.database, alert.createdBy);
  for (const a of actions) {
    const users = await organizationRecipients(deps.database, alert.organizationId, [...a.recipients, ...(planning?.userIds ?? [])]);
    const organizationId = alert.organizationId;
    if (a.type === 'email') {
      for (const u of users.filter((u) => u.emailVerified)) {
        await deps.messages.email({ template: alertTriggeredEmail, data: dataFor(u.lang, a), to: { address: u.address, lang: u.lang, userId: u.userId }, organizationId, dedupeKey: key('email', u.address) });
      }
      for (const address of planning?.mails ?? []) {
        await deps.messages.email({ template: alertTriggeredEmail, data: dataFor(contactLang, a), to: { address, lang: contactLang }, organizationId, dedupeKey: key('email', address) });
      }
    } else if (a.type === 'sms') {
      for (const u of users.filter((u) => u.phone && u.phoneVerified)) {
        await deps.messages.sms({ template: alertTriggeredSms, data: dataFor(u.lang, a), to: { phone: u.phone!, lang: u.lang, userId: u.userId }, organizationId, dedupeKey: key('sms', u.phone!) });
      }
      for (const phone of planning?.phones ?? []) {
        await deps.messages.sms({ template: alertTriggeredSms, data: dataFor(contactLang, a), to: { phone, lang: contactLang }, organizationId, dedupeKey: key('sms', phone) });
      }
    } else if (a.type === 'push') {
      for (const u of users) {
        await deps.messages.push({ template: alertTriggeredPush, data: dataFor(u.lang, a), to: { userId: u.userId, lang: u.lang }, organizationId, dedupeKey: key('push', u.userId) });
      }
    } else if (a.type === 'job' && a.url) {
      await deps.messages.webhook({
        organizationId,
        url: a.url,
        event: data.notification > 1 ? 'alert.reminder' : 'alert.triggered',
        payload: { alertId: alert.id, name: alert.name, installationId: alert.installationId, site: site.name, conditionType: details.condition?.type, alertLogId: data.logId, zone: log.zone_name, metrics: log.metrics, dateBegin: new Date(log.date_begin).toISOString(), notification: data.notification, title: a.msgTitle, content: a.msgContent },
        dedupeKey: key('job', a.id),
      });
    }
  }
}

/** Outside contacts read the language of the user who made the alert (French, the product's default, without one). */
async function organizationLanguage(database: Database, userId: number | null): Promise<string> {
  if (!userId) return 'fr';
  const { rows } = await database.sql.query<{ lang: string }>('select lang from users where id = $1', [userId]);
  return rows[0]?.lang ?? 'fr';
}

/**
 * After readings committed (the ingest seam): keeps device heartbeats, then enqueues one evaluation
 * of only the enabled alerts the batch can change (alertsWokenBy: its zones, devices and passages,
 * not its whole site). Nothing when none. The evaluation runs in a job, after the answer; the job
 * exists before the answer, so a stop in between loses nothing (alertRestart.test.ts).
 */
export async function afterReadingsCommitted(deps: { database: Database; jobs?: ServerDeps['jobs'] }, organizationId: number, rows: readonly ReadingRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await recordHeartbeats(deps.database, organizationId, rows, now);
  if (!deps.jobs) return;
  const alertIds = await alertsWokenBy(deps.database, organizationId, rows);
  if (alertIds.length) await deps.jobs.enqueue(evaluateAlertsJob, { organizationId, alertIds, requestedAt: Date.now(), origin: PROCESS_ORIGIN });
}

/** Evaluate one alert now (after a save or a switch on). */
export async function enqueueAlertCheck(ctx: Context, organizationId: number, alertId: number): Promise<void> {
  await ctx.jobs.enqueue(evaluateAlertsJob, { organizationId, alertIds: [alertId] });
}

/** Back to ok: the open episode ends now (a changed, disabled or deleted alert). */
export async function resetAlertState(database: Database | { sql: SqlClient }, alertId: number, now: Date): Promise<void> {
  await database.sql.query('update alert_logs set date_end = $2 where alert_id = $1 and date_end is null', [alertId, now]);
  await database.sql.query('update alerts set triggered = false, open_log_id = null, notified_count = 0 where id = $1', [alertId]);
}
