import { type DateFormat, DATE_FORMATS, formatDate, formatMetricValue, isRtl } from '@sitelens/domain';
import type { Database, SqlClient } from '../../db/database.ts';
import { defineJob } from '../../jobs/defineJob.ts';
import type { JobQueue } from '../../jobs/jobQueue.ts';
import type { JobDeps } from '../../jobs/jobDeps.ts';
import type { LiveAlert } from '../../live/livePubSub.ts';
import { findInstallation } from '../installations/installations.repo.ts';
import { alertAudience, alertPathFor, mayReadAlerts } from './alertAudience.ts';
import type { DueNotification } from './alertTransitions.ts';
import { type AlertMessageData, alertTriggeredEmail, alertTriggeredPush, alertTriggeredSms } from './alerts.messages.ts';
import { findAlertDetails } from './alerts.repo.ts';
import type { AlertPadState } from './alerts.tables.ts';

interface NotifyData {
  alertId: number;
  logId: number;
  notification: number;
  /** The alert_notifications row: what was measured when it was due (absent in jobs queued before it existed). */
  notificationId?: number;
}

/** One notification of an alert's episode (the trigger or a reminder), through every action of the alert. */
export const notifyAlertJob = defineJob<NotifyData>({
  name: 'alerts.notify',
  options: { retryLimit: 5, retryDelaySeconds: 10, timeoutSeconds: 120, batchSize: 4 },
  run: (data, _run, deps) => notifyAlert(deps, data),
});

/** Records a due notification with what was measured, and enqueues its sending, in the caller's transaction. */
export async function enqueueNotification(tx: SqlClient, jobs: JobQueue, n: DueNotification): Promise<void> {
  const { rows } = await tx.query<{ id: number }>('insert into alert_notifications (alert_id, log_id, number, at, metrics, pads) values ($1, $2, $3, $4, $5::jsonb, $6::jsonb) returning id', [
    n.alertId,
    n.logId,
    n.notification,
    n.at,
    JSON.stringify(n.metrics),
    JSON.stringify(n.pads),
  ]);
  await jobs.enqueue(notifyAlertJob, { alertId: n.alertId, logId: n.logId, notification: n.notification, notificationId: rows[0]!.id }, { tx });
}

const dateFormatOf = (value: string | null | undefined): DateFormat => ((DATE_FORMATS as readonly string[]).includes(value ?? '') ? (value as DateFormat) : 'DD/MM/YYYY');

/**
 * Sends one notification of an episode through every action, each recipient in their own language
 * and date format, times on the site's clock with its zone named. Only members who may read alerts
 * are told (their button opens a page they may open); dedupe keys make a retried run send nothing twice.
 */
async function notifyAlert(deps: JobDeps, data: NotifyData): Promise<void> {
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
  const due = await dueNotification(deps.database, data.notificationId);
  const metrics = due?.metrics.length ? due.metrics : log.metrics;
  const metric = metrics[0];
  const at = due?.at ?? new Date(log.date_begin);
  const when = (ts: Date | string | number, lang: string, format: string) => {
    const text = `${formatDate(new Date(ts).getTime(), { format: dateFormatOf(format), tz: site.timezone, withTime: true })} (${site.timezone})`;
    // Digits, slashes and the zone read left to right inside an Arabic sentence.
    return isRtl(lang) ? `\u2066${text}\u2069` : text;
  };
  const dataFor = (who: { lang: string; dateFormat: string }, a: (typeof actions)[number], path: string | null): AlertMessageData => ({
    alertId: alert.id,
    alert: alert.name,
    conditionType: details.condition?.type ?? '',
    site: site.name,
    zone: log.zone_name ?? site.name,
    since: when(log.date_begin, who.lang, who.dateFormat),
    at: when(at, who.lang, who.dateFormat),
    value: metric ? formatMetricValue(metric.type, metric.value, { locale: who.lang }) : '-',
    threshold: metric ? formatMetricValue(metric.type, metric.threshold, { locale: who.lang }) : '-',
    pads: (due?.pads ?? []).map((p) => ({ name: p.name, status: p.status, time: p.lastSeen ? when(p.lastSeen, who.lang, who.dateFormat) : null })),
    title: a.msgTitle,
    content: a.msgContent,
    reminder: data.notification > 1,
    path,
  });
  const key = (channel: string, who: string | number) => `alert:${alert.id}:${data.logId}:${data.notification}:${channel}:${who}`;
  const author = await authorPreferences(deps.database, alert.createdBy);
  const organizationId = alert.organizationId;
  const audience = await alertAudience(deps.database, organizationId, [...new Set([...actions.flatMap((a) => a.recipients), ...(planning?.userIds ?? [])])]);
  for (const a of actions) {
    const wanted = new Set([...a.recipients, ...(planning?.userIds ?? [])]);
    // A member who may no longer read alerts is not told of one (the form and the server refuse to add them).
    const users = audience.filter((u) => wanted.has(u.userId) && mayReadAlerts(u.rights));
    const mine = (u: (typeof users)[number]) => dataFor(u, a, alertPathFor(u.rights, alert.id));
    if (a.type === 'email') {
      for (const u of users.filter((u) => u.emailVerified)) {
        await deps.messages.email({ template: alertTriggeredEmail, data: mine(u), to: { address: u.address, lang: u.lang, userId: u.userId }, organizationId, dedupeKey: key('email', u.address) });
      }
      for (const address of planning?.mails ?? []) {
        await deps.messages.email({ template: alertTriggeredEmail, data: dataFor(author, a, null), to: { address, lang: author.lang }, organizationId, dedupeKey: key('email', address) });
      }
    } else if (a.type === 'sms') {
      for (const u of users.filter((u) => u.phone && u.phoneVerified)) {
        await deps.messages.sms({ template: alertTriggeredSms, data: mine(u), to: { phone: u.phone!, lang: u.lang, userId: u.userId }, organizationId, dedupeKey: key('sms', u.phone!) });
      }
      for (const phone of planning?.phones ?? []) {
        await deps.messages.sms({ template: alertTriggeredSms, data: dataFor(author, a, null), to: { phone, lang: author.lang }, organizationId, dedupeKey: key('sms', phone) });
      }
    } else if (a.type === 'push') {
      for (const u of users) {
        await deps.messages.push({ template: alertTriggeredPush, data: mine(u), to: { userId: u.userId, lang: u.lang }, organizationId, dedupeKey: key('push', u.userId) });
      }
    } else if (a.type === 'job' && a.url) {
      await deps.messages.webhook({
        organizationId,
        url: a.url,
        event: data.notification > 1 ? 'alert.reminder' : 'alert.triggered',
        payload: {
          alertId: alert.id,
          name: alert.name,
          installationId: alert.installationId,
          site: site.name,
          timezone: site.timezone,
          conditionType: details.condition?.type,
          alertLogId: data.logId,
          zone: log.zone_name,
          metrics,
          pads: due?.pads ?? [],
          dateBegin: new Date(log.date_begin).toISOString(),
          at: at.toISOString(),
          notification: data.notification,
          title: a.msgTitle,
          content: a.msgContent,
        },
        dedupeKey: key('job', a.id),
      });
    }
  }
}

async function dueNotification(database: Database, id: number | undefined): Promise<{ at: Date; metrics: LiveAlert['metrics']; pads: AlertPadState[] } | null> {
  if (id === undefined) return null;
  const { rows } = await database.sql.query<{ at: Date | string; metrics: LiveAlert['metrics']; pads: AlertPadState[] }>('select at, metrics, pads from alert_notifications where id = $1', [id]);
  const r = rows[0];
  return r ? { at: new Date(r.at), metrics: r.metrics, pads: r.pads } : null;
}

/** Outside contacts read the language and date format of the user who made the alert (French and DD/MM/YYYY, the product's defaults, without one). */
async function authorPreferences(database: Database, userId: number | null): Promise<{ lang: string; dateFormat: string }> {
  if (!userId) return { lang: 'fr', dateFormat: 'DD/MM/YYYY' };
  const { rows } = await database.sql.query<{ lang: string; date_format: string }>('select lang, date_format from users where id = $1', [userId]);
  return { lang: rows[0]?.lang ?? 'fr', dateFormat: rows[0]?.date_format ?? 'DD/MM/YYYY' };
}
