import { randomUUID } from 'node:crypto';
import type { Database, SqlClient } from '../../db/database.ts';
import type { Context, ServerDeps } from '../../graphql/context.ts';
import { defineJob } from '../../jobs/defineJob.ts';
import type { ReadingRow } from '../metrics/write/readings.write.ts';
import type { JobDeps } from '../../jobs/jobDeps.ts';
import { enqueueNotification, notifyAlertJob } from './alertNotify.ts';
import { alreadyCovered, evaluateAll, inRound } from './alertRounds.ts';
import type { AlertEffects } from './alertTransitions.ts';
import { roundDetails } from './alertSettings.ts';
import { alertsWokenBy } from './alertWakeUp.ts';
import { fromRanges, toRanges } from './idRanges.ts';
import { recordHeartbeats } from './heartbeats.ts';

/**
 * Evaluates the given alerts of one organization now; enqueued after readings commit and after a save.
 * Sixteen at a time: a run mostly waits for its organization's round (alertRounds.ts), so under a burst
 * the runs waiting for a round's rest leave slots for the next alert's job (four were all taken).
 */
export const evaluateAlertsJob = defineJob<EvaluationRequest>({
  name: 'alerts.evaluate',
  options: { retryLimit: 3, retryDelaySeconds: 5, timeoutSeconds: 120, batchSize: 16 },
  async run({ organizationId, alertIds: listed, alertIdRanges, requestedAt, origin }, _run, deps) {
    const alertIds = listed ?? fromRanges(alertIdRanges ?? []);
    const ids = origin === PROCESS_ORIGIN && requestedAt !== undefined ? alertIds.filter((id) => !alreadyCovered(id, requestedAt)) : alertIds;
    if (ids.length) await inRound(deps, alertEffects(deps), organizationId, ids);
  },
});

/**
 * What an evaluation causes: a notification recorded and enqueued, and the alert evaluated again
 * when a reminder or the end of an episode is due. That evaluation is a job starting then (it
 * survives a restart and any process may run it), and this process wakes its workers at that very
 * time rather than at their next poll: a reminder every 2 minutes comes every 2 minutes.
 */
function alertEffects(deps: JobDeps): AlertEffects {
  return {
    notify: (tx, n) => enqueueNotification(tx, deps.jobs, n),
    notified: () => deps.jobs.wake(notifyAlertJob),
    async evaluateAt(tx, alert, at) {
      // The evaluator's clock may be a test's: the delay is read on it, the job's start on the database's.
      const delay = Math.max(0, at.getTime() - deps.now().getTime());
      await deps.jobs.enqueue(evaluateAlertsJob, { organizationId: alert.organizationId, alertIds: [alert.id] }, { tx, startAfter: new Date(Date.now() + delay) });
      setTimeout(() => deps.jobs.wake(evaluateAlertsJob), delay + 5).unref();
    },
  };
}

/**
 * An evaluation asked for after readings committed at `requestedAt` (this process's clock, ms) by
 * the process `origin`. An evaluation of the same alert that this process began at or after that
 * instant read those readings: the request is already answered (while a burst of batches arrives,
 * the queued requests fold into the evaluations running or done since).
 */
interface EvaluationRequest {
  organizationId: number;
  /** The alerts, listed (a save, a reminder), or as runs of consecutive ids (a batch's wake-up: its thousand alerts were mostly created in a row). */
  alertIds?: number[];
  alertIdRanges?: Array<[number, number]>;
  requestedAt?: number;
  origin?: string;
}

const PROCESS_ORIGIN = randomUUID();
/** Starts and ends of this process's periodic rounds (odd while one runs): a test of what a batch wakes tells them apart. */
let periodicEdges = 0;
export const periodicAlertEdges = (): number => periodicEdges;

/**
 * Time-based conditions (status, intrusion and flux windows), schedule ends, and every triggered
 * alert: every minute. Reminders and ends are due at their own time (alertEffects); this round is
 * their fallback after a stop.
 */
export const periodicAlertsJob = defineJob<Record<string, never>>({
  name: 'alerts.periodic',
  options: { retryLimit: 0, timeoutSeconds: 300, batchSize: 1 },
  schedule: { rule: { kind: 'interval', minutes: 1 }, timeZone: 'UTC', catchUp: 'last' },
  async run(_data, _run, deps) {
    periodicEdges++;
    try {
      const { rows } = await deps.database.sql.query<{ id: number }>(
        `select a.id from alerts a join alert_conditions c on c.alert_id = a.id
          where a.triggered or (a.enabled and (c.type in ('status', 'intrusion', 'flux') or a.schedule <> '[]'::jsonb))
          order by a.id`,
      );
      const failed = await evaluateAll(deps, alertEffects(deps), await roundDetails(deps.database, rows.map((r) => r.id)));
      if (failed.size) throw new Error(`evaluation of alert ${[...failed].join(', ')} failed`);
    } finally {
      periodicEdges++;
    }
  },
});

export const alertJobs = [evaluateAlertsJob, periodicAlertsJob, notifyAlertJob];


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
  if (alertIds.length) await deps.jobs.enqueue(evaluateAlertsJob, { organizationId, alertIdRanges: toRanges(alertIds), requestedAt: Date.now(), origin: PROCESS_ORIGIN });
}

/** Evaluate one alert now (after a save or a switch on). */
export async function enqueueAlertCheck(ctx: Context, organizationId: number, alertId: number): Promise<void> {
  await ctx.jobs.enqueue(evaluateAlertsJob, { organizationId, alertIds: [alertId] });
}

/** Back to ok: the open episode ends now (a changed, disabled or deleted alert). */
export async function resetAlertState(database: Database | { sql: SqlClient }, alertId: number, now: Date): Promise<void> {
  await database.sql.query('update alert_logs set date_end = $2 where alert_id = $1 and date_end is null', [alertId, now]);
  await database.sql.query('update alerts set triggered = false, open_log_id = null, notified_count = 0, clearing_since = null where id = $1', [alertId]);
}
