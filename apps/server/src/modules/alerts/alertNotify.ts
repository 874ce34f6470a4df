import { formatMetricValue } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import { defineJob } from '../../jobs/defineJob.ts';
import type { JobDeps } from '../../jobs/jobDeps.ts';
import type { LiveAlert } from '../../live/livePubSub.ts';
import { organizationRecipients } from '../../messages/recipients.ts';
import { findInstallation } from '../installations/installations.repo.ts';
import { type AlertMessageData, alertTriggeredEmail, alertTriggeredPush, alertTriggeredSms } from './alerts.messages.ts';
import { findAlertDetails } from './alerts.repo.ts';

/** One notification of an alert's episode (the trigger or a reminder), through every action of the alert. */
export const notifyAlertJob = defineJob<{ alertId: number; logId: number; notification: number }>({
  name: 'alerts.notify',
  options: { retryLimit: 5, retryDelaySeconds: 10, timeoutSeconds: 120, batchSize: 4 },
  run: (data, _run, deps) => notifyAlert(deps, data),
});

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
