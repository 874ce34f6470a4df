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
import { recordHeartbeats } from './heartbeats.ts';

/** Evaluates the given alerts of one organization now; enqueued after readings commit and after a save. */
export const evaluateAlertsJob = defineJob<EvaluationRequest>({
  name: 'alerts.evaluate',
  options: { retryLimit: 3, retryDelaySeconds: 5, timeoutSeconds: 120, batchSize: 4 },
  async run({ organizationId, alertIds, requestedAt, origin }, _run, deps) {
    const ids = origin === PROCESS_ORIGIN && requestedAt !== undefined ? alertIds.filter((id) => (covered.get(id) ?? -1) < requestedAt) : alertIds;
    const all = await findAlertDetails(deps.database, ids);
    await evaluateAll(deps, all.filter((d) => d.alert.organizationId === organizationId));
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
    await evaluateAll(deps, await findAlertDetails(deps.database, rows.map((r) => r.id)));
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
 * whose state may change.
 */
async function evaluateAll(deps: JobDeps, all: AlertDetails[]): Promise<void> {
  const begun = Date.now();
  const before = new Map(all.map((d) => [d.alert.id, covered.get(d.alert.id)]));
  for (const d of all) covered.set(d.alert.id, Math.max(covered.get(d.alert.id) ?? 0, begun));
  try {
    await evaluateRound(deps, all);
  } catch (error) {
    // The job runs again: these alerts are not answered for until it does.
    for (const [id, at] of before) if (at === undefined) covered.delete(id);
    else covered.set(id, at);
    throw error;
  }
}

async function evaluateRound(deps: JobDeps, all: AlertDetails[]): Promise<void> {
  const now = deps.now();
  const cache: MeasureCache = new Map();
  const measured: Array<{ details: AlertDetails; m: Measure }> = [];
  for (const details of all) {
    if (!details.condition) continue;
    try {
      const armed = details.alert.enabled && (await armedAt(deps.database, details, now, cache));
      measured.push({ details, m: armed ? await measure(deps, details, now, cache) : { holds: false, metrics: [], zoneId: null, passageId: null, deviceId: null } });
    } catch (error) {
      deps.log.error(error, `alert ${details.alert.id} evaluation`);
      throw error;
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
      deps.log.error(error, `alert ${details.alert.id} evaluation`);
      throw error;
    }
  }
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
 * After readings committed (the ingest seam): keeps device heartbeats, then enqueues an evaluation
 * of only the enabled alerts whose site and condition metrics the batch touches. Nothing when none.
 */
export async function afterReadingsCommitted(deps: { database: Database; jobs?: ServerDeps['jobs'] }, organizationId: number, rows: readonly ReadingRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await recordHeartbeats(deps.database, organizationId, rows, now);
  if (!deps.jobs) return;
  const metrics = [...new Set(rows.map((r) => r.metric))];
  const targets = new Map<string, [string, number]>();
  for (const r of rows) targets.set(`${r.targetKind}:${r.targetId}`, [r.targetKind, r.targetId]);
  const kinds = [...targets.values()].map(([k]) => k);
  const ids = [...targets.values()].map(([, id]) => id);
  const { rows: candidates } = await deps.database.sql.query<{ id: number }>(
    `with touched as (
       select distinct coalesce(z.installation_id, p.installation_id, d.installation_id) as installation_id
         from unnest($2::text[], $3::int[]) as t(kind, id)
         left join zones z on t.kind = 'zone' and z.id = t.id
         left join passages p on t.kind = 'passage' and p.id = t.id
         left join devices d on t.kind = 'device' and d.id = t.id
     )
     select a.id from alerts a join alert_conditions c on c.alert_id = a.id
      where a.organization_id = $1 and a.enabled and c.input_metrics && $4::text[]
        and a.installation_id in (select installation_id from touched)`,
    [organizationId, kinds, ids, metrics],
  );
  if (candidates.length) await deps.jobs.enqueue(evaluateAlertsJob, { organizationId, alertIds: candidates.map((c) => c.id), requestedAt: Date.now(), origin: PROCESS_ORIGIN });
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
