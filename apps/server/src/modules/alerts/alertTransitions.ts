import { ALERT_DUE_TOLERANCE_MS, ALERT_MESSAGE_PERIOD_HOURS, messageAllowed, nextReminderAt, rearmAt, reminderDue } from '@sitelens/domain';
import type { SqlClient } from '../../db/database.ts';
import type { ServerDeps } from '../../graphql/context.ts';
import { topZoneOf } from '../installations/installations.repo.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { AlertState, Measure } from './alertState.ts';
import type { AlertDetails } from './alerts.repo.ts';
import type { AlertPadState } from './alerts.tables.ts';

/** One notification of an episode as it was due: what the messages say. */
export interface DueNotification {
  alertId: number;
  logId: number;
  /** 1: the trigger; 2, 3 ...: the reminders. */
  notification: number;
  at: Date;
  metrics: Measure['metrics'];
  pads: AlertPadState[];
}

/** What a transition causes besides its rows, in its transaction (nothing, when the demo's history is replayed). */
export interface AlertEffects {
  /** Records the notification and enqueues its sending. */
  notify(tx: SqlClient, n: DueNotification): Promise<void>;
  /** Evaluates the alert again at `at` (a reminder or an end due then), durably. */
  evaluateAt(tx: SqlClient, alert: { organizationId: number; id: number }, at: Date): Promise<void>;
  /** After the transaction of a notification committed: its sending may start now. */
  notified?(): void;
}

export const NO_EFFECTS: AlertEffects = { notify: async () => undefined, evaluateAt: async () => undefined };

export interface Transition {
  /** clearing: it stopped holding and ends unless it holds again within ALERT_REARM_MINUTES; resumed: it held again in time. */
  kind: 'triggered' | 'cleared' | 'reminded' | 'clearing' | 'resumed' | 'none';
  logId: number | null;
  /** The notification of the episode sent (1 = the trigger, 2 = first reminder ...), null when none (or past the cap). */
  notification: number | null;
}

/** Whether nothing can change, from the state read before (a transition reads it again under the row lock). */
function nothingToDo(details: AlertDetails, s: AlertState, m: Measure, now: number): boolean {
  if (!m.holds && !s.triggered) return true;
  if (m.holds && s.triggered && !s.clearingSince) {
    return !reminderDue({ reminderMinutes: details.alert.reminderMinutes, lastDueAt: s.lastNotifiedAt ? +s.lastNotifiedAt : null, now });
  }
  if (!m.holds && s.triggered && m.armed && s.clearingSince) return now < rearmAt(+s.clearingSince) - ALERT_DUE_TOLERANCE_MS;
  return false;
}

/** Notifications of the alert recorded over the last ALERT_MESSAGE_PERIOD_HOURS. */
async function sentInPeriod(tx: SqlClient, alertId: number, now: Date): Promise<number> {
  const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from alert_notifications where alert_id = $1 and at > $2', [alertId, new Date(now.getTime() - ALERT_MESSAGE_PERIOD_HOURS * 3_600_000)]);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Moves the alert between ok and triggered under a row lock, so two processes evaluating the same
 * alert write one log and one notification; its notification and its next evaluation are enqueued
 * in the same transaction.
 * - ok and holding: a new episode, notified unless the alert sent its most messages over 24 hours.
 * - triggered and no longer holding: the episode ends ALERT_REARM_MINUTES later, dated when it
 *   stopped holding; holding again before that, it goes on and nothing is sent (flapping). Not armed
 *   any more (switched off, out of its schedule), it ends at once.
 * - triggered and holding: a reminder at each period from the previous one's due instant, with the
 *   value measured now.
 */
export async function applyMeasure(deps: ServerDeps, details: AlertDetails, state: AlertState, m: Measure, now: Date, effects: AlertEffects): Promise<Transition> {
  const { alert } = details;
  if (nothingToDo(details, state, m, now.getTime())) return { kind: 'none', logId: state.openLogId, notification: null };
  // Read before the transaction: on PGlite a statement outside it would wait for it to end.
  const zoneId = m.holds && !state.triggered ? (m.zoneId ?? (await topZoneOf(deps.database, alert.installationId))?.id ?? null) : null;
  const maxTrigger = details.condition?.maxTrigger ?? 0;
  return withTransaction(deps.database, async (tx) => {
    const { rows } = await tx.query<{ triggered: boolean; open_log_id: number | null; notified_count: number; last_notified_at: Date | string | null; clearing_since: Date | string | null; enabled: boolean }>(
      'select triggered, open_log_id, notified_count, last_notified_at, clearing_since, enabled from alerts where id = $1 for update',
      [alert.id],
    );
    const s = rows[0];
    if (!s) return { kind: 'none', logId: null, notification: null };
    const holds = m.holds && m.armed && s.enabled;
    const notify = async (logId: number, notification: number) => {
      if (!messageAllowed(maxTrigger, await sentInPeriod(tx, alert.id, now))) return false;
      await effects.notify(tx, { alertId: alert.id, logId, notification, at: now, metrics: m.metrics, pads: m.pads });
      return true;
    };

    if (holds && !s.triggered) {
      const { rows: logs } = await tx.query<{ id: number }>(
        `insert into alert_logs (organization_id, installation_id, alert_id, condition_type, metrics, date_begin, zone_id, passage_id, device_id, message)
         values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10) returning id`,
        [alert.organizationId, alert.installationId, alert.id, details.condition!.type, JSON.stringify(m.metrics), now, zoneId, m.passageId, m.deviceId, alert.name],
      );
      const logId = logs[0]!.id;
      const sent = await notify(logId, 1);
      // notified_count numbers the episode's notifications as they fall due (1: the trigger), sent or held back by the cap.
      await tx.query('update alerts set triggered = true, open_log_id = $2, notified_count = 1, last_notified_at = $3, clearing_since = null where id = $1', [alert.id, logId, now]);
      const reminder = nextReminderAt({ reminderMinutes: alert.reminderMinutes, lastDueAt: now.getTime() });
      if (reminder !== null) await effects.evaluateAt(tx, alert, new Date(reminder));
      return { kind: 'triggered', logId, notification: sent ? 1 : null };
    }

    if (!holds && s.triggered) {
      const clearingSince = s.clearing_since ? new Date(s.clearing_since) : null;
      const end = !m.armed || !s.enabled ? (clearingSince ?? now) : clearingSince && now.getTime() >= rearmAt(+clearingSince) - ALERT_DUE_TOLERANCE_MS ? clearingSince : null;
      if (end) {
        await tx.query('update alert_logs set date_end = $2 where id = $1 and date_end is null', [s.open_log_id, end]);
        await tx.query('update alerts set triggered = false, open_log_id = null, clearing_since = null where id = $1', [alert.id]);
        return { kind: 'cleared', logId: s.open_log_id, notification: null };
      }
      if (clearingSince) return { kind: 'none', logId: s.open_log_id, notification: null };
      await tx.query('update alerts set clearing_since = $2 where id = $1', [alert.id, now]);
      await effects.evaluateAt(tx, alert, new Date(rearmAt(now.getTime())));
      return { kind: 'clearing', logId: s.open_log_id, notification: null };
    }

    if (holds && s.triggered && s.open_log_id !== null) {
      let kind: Transition['kind'] = 'none';
      if (s.clearing_since) {
        await tx.query('update alerts set clearing_since = null where id = $1', [alert.id]);
        kind = 'resumed';
      }
      const lastDueAt = s.last_notified_at ? new Date(s.last_notified_at).getTime() : null;
      if (!reminderDue({ reminderMinutes: alert.reminderMinutes, lastDueAt, now: now.getTime() })) return { kind, logId: s.open_log_id, notification: null };
      // The period runs from the previous due instant (a wake-up a little late does not drift the
      // next one); after a long stop of the server it starts again from now rather than catch up.
      const due = nextReminderAt({ reminderMinutes: alert.reminderMinutes, lastDueAt })!;
      const dueAt = now.getTime() - due >= alert.reminderMinutes! * 60_000 ? now.getTime() : due;
      const notification = s.notified_count + 1;
      const sent = await notify(s.open_log_id, notification);
      await tx.query('update alerts set notified_count = $2, last_notified_at = $3 where id = $1', [alert.id, notification, new Date(dueAt)]);
      await effects.evaluateAt(tx, alert, new Date(nextReminderAt({ reminderMinutes: alert.reminderMinutes, lastDueAt: dueAt })!));
      return sent ? { kind: 'reminded', logId: s.open_log_id, notification } : { kind, logId: s.open_log_id, notification: null };
    }
    return { kind: 'none', logId: s.open_log_id, notification: null };
  });
}
