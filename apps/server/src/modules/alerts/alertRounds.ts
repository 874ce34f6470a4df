import type { Database } from '../../db/database.ts';
import type { ServerDeps } from '../../graphql/context.ts';
import type { JobDeps } from '../../jobs/jobDeps.ts';
import type { LiveAlert } from '../../live/livePubSub.ts';
import { type MeasureCache, NOT_ARMED, armedFrom, measure } from './alertEvaluation.ts';
import type { Measure } from './alertState.ts';
import { type AlertEffects, applyMeasure } from './alertTransitions.ts';
import { type AlertDetails, alertStates } from './alerts.repo.ts';
import { roundDetails } from './alertSettings.ts';

// Evaluation rounds: per organization one at a time in this process, the requests made meanwhile
// gathered into the next; each round measures its alerts and moves those whose state changes.

/** Per alert, when this process's latest evaluation of it began (one that failed throws and its job runs again). */
const covered = new Map<number, number>();

/** Whether an evaluation of the alert that this process began at or after `requestedAt` (ms, its clock) already read what was asked. */
export const alreadyCovered = (alertId: number, requestedAt: number): boolean => (covered.get(alertId) ?? -1) >= requestedAt;

/** The alerts the next round of an organization evaluates, and the jobs waiting for it. */
interface PendingRound {
  ids: Set<number>;
  waiters: Array<{ ids: number[]; resolve(): void; reject(error: unknown): void }>;
}
/**
 * Per organization: a round runs in this process; the round gathering the requests made meanwhile,
 * and the small requests made meanwhile (fewer than RESTING_ROUND_ALERTS alerts: a reading on a
 * quiet zone, an alert saved), which do not wait for a big round's rest.
 */
const lanes = new WeakMap<Database, Map<number, Lane>>();
/** The organizations' lanes of one database (one in a server; test files that follow one another in a process each have their own). */
function lanesOf(database: Database): Map<number, Lane> {
  let of = lanes.get(database);
  if (!of) lanes.set(database, (of = new Map()));
  return of;
}
interface Lane {
  next: PendingRound | null;
  quick: PendingRound | null;
  effects: AlertEffects;
  /** Ends the rest under way early, for small requests. */
  wake: (() => void) | null;
}

/**
 * Evaluates the alerts in the organization's next round in this process, and resolves once that
 * round is done; rejects when one of these alerts failed in it (the job runs again). One round at a
 * time per organization: the requests made while one runs (a burst of batches, alerts saved one by
 * one) are gathered into the next, which evaluates their alerts once for all of them. Those of fewer
 * than RESTING_ROUND_ALERTS alerts gather apart and go first, and may run during a rest (`rest`).
 */
export function inRound(deps: JobDeps, effects: AlertEffects, organizationId: number, ids: number[]): Promise<void> {
  const open = lanesOf(deps.database);
  let lane = open.get(organizationId);
  const idle = !lane;
  if (!lane) open.set(organizationId, (lane = { next: null, quick: null, effects, wake: null }));
  const small = !idle && ids.length < RESTING_ROUND_ALERTS;
  const round = small ? (lane.quick ??= { ids: new Set(), waiters: [] }) : (lane.next ??= { ids: new Set(), waiters: [] });
  for (const id of ids) round.ids.add(id);
  const done = new Promise<void>((resolve, reject) => round.waiters.push({ ids, resolve, reject }));
  if (idle) void runRounds(deps, organizationId, lane);
  else if (small) lane.wake?.();
  return done;
}

/**
 * After a round of d ms, an organization's next round begins REST_PER_ROUND × d later at the
 * earliest (at most MAX_REST_MS): under a burst of batches its evaluation takes about a seventeenth
 * of the process's time (on PGlite, of its one connection), and its ingest keeps the rest; a round
 * of a thousand alerts takes about 45 ms here, so one of them waits about 0.8 s under a burst, while
 * an alert woken alone (a reading on a quiet zone) is answered during the rest. A round
 * shorter than RESTLESS_ROUND_MS (a few alerts: a reading on one zone, an alert saved) does not
 * rest: a thousand alerts saved one after another would otherwise queue their checks for minutes
 * (each round takes the few jobs fetched meanwhile). A round of RESTING_ROUND_ALERTS alerts or more
 * that others wait for (a burst of readings) rests however short: rounds made cheap (details kept,
 * one context for a round's questions) would otherwise run back to back.
 */
const REST_PER_ROUND = 16;
const MAX_REST_MS = 2000;
const RESTLESS_ROUND_MS = 50;
const RESTING_ROUND_ALERTS = 100;

async function runRounds(deps: JobDeps, organizationId: number, lane: Lane): Promise<void> {
  while (lane.next || lane.quick) {
    const round = lane.quick ?? lane.next!;
    if (round === lane.quick) lane.quick = null;
    else lane.next = null;
    const took = await runRound(deps, organizationId, lane, round);
    // Requests made meanwhile gather into lane.next (the lane stays, so none starts a round of its own).
    if (took >= RESTLESS_ROUND_MS || (lane.next && round.ids.size >= RESTING_ROUND_ALERTS)) await rest(deps, organizationId, lane, Math.min(took * REST_PER_ROUND, MAX_REST_MS), took);
  }
  lanesOf(deps.database).delete(organizationId);
}

/**
 * A round's rest. Small requests made before or during it run at once, in rounds of their own (a few
 * alerts: milliseconds), as long as these take no longer together than the round before the rest
 * (`budgetMs`); then they wait for its end. The rest goes on for what is left of it. So an alert on a
 * quiet zone answers within its own round while a burst of readings elsewhere keeps the big rounds
 * resting, and the rounds still take at most about two seventeenths of the process under any burst.
 */
async function rest(deps: JobDeps, organizationId: number, lane: Lane, ms: number, budgetMs: number): Promise<void> {
  const until = performance.now() + ms;
  let spent = 0;
  for (;;) {
    if (lane.quick && spent < budgetMs) {
      const round = lane.quick;
      lane.quick = null;
      spent += await runRound(deps, organizationId, lane, round);
      continue;
    }
    const left = until - performance.now();
    if (left <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        lane.wake = null;
        resolve();
      }, left);
      timer.unref();
      lane.wake = () => {
        lane.wake = null;
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

/** Evaluates one round's alerts and answers its waiters; returns how long it took (ms). */
async function runRound(deps: JobDeps, organizationId: number, lane: Lane, round: PendingRound): Promise<number> {
  const begun = performance.now();
  try {
    const all = await roundDetails(deps.database, [...round.ids]);
    const failed = await evaluateAll(deps, lane.effects, all.filter((d) => d.alert.organizationId === organizationId));
    for (const w of round.waiters) {
      const mine = w.ids.filter((id) => failed.has(id));
      if (mine.length) w.reject(new Error(`evaluation of alert ${mine.join(', ')} failed`));
      else w.resolve();
    }
  } catch (error) {
    for (const w of round.waiters) w.reject(error ?? new Error('alert evaluation failed'));
  }
  return performance.now() - begun;
}

/**
 * How many times this process measured each alert of a database (tests read it: a batch evaluates only
 * the alerts it can change). Kept per database: test files that follow one another in a process each
 * number their alerts from 1.
 */
const evaluations = new WeakMap<Database, Map<number, number>>();
export const alertEvaluationCount = (database: Database, alertId: number): number => evaluations.get(database)?.get(alertId) ?? 0;

/**
 * One evaluation round: every alert measured first (an engine answer shared by the alerts asking the
 * same question), then their states read again in one query, and a transaction only for an alert
 * whose state may change. An alert that fails is logged and left for its job's next run; the
 * others go on. Returns the alerts that failed.
 */
export async function evaluateAll(deps: JobDeps, effects: AlertEffects, all: AlertDetails[]): Promise<Set<number>> {
  const begun = Date.now();
  const before = new Map(all.map((d) => [d.alert.id, covered.get(d.alert.id)]));
  for (const d of all) covered.set(d.alert.id, Math.max(covered.get(d.alert.id) ?? 0, begun));
  let failed: Set<number> = new Set(before.keys());
  try {
    failed = await evaluateRound(deps, effects, all);
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

async function evaluateRound(deps: JobDeps, effects: AlertEffects, all: AlertDetails[]): Promise<Set<number>> {
  const now = deps.now();
  const cache: MeasureCache = new Map();
  const failed = new Set<number>();
  const fail = (details: AlertDetails, error: unknown) => {
    deps.log.error(error, `alert ${details.alert.id} evaluation`);
    failed.add(details.alert.id);
  };
  const measured: Array<{ details: AlertDetails; m: Measure }> = [];
  let counts = evaluations.get(deps.database);
  if (!counts) evaluations.set(deps.database, (counts = new Map()));
  for (const details of all) {
    if (!details.condition) continue;
    counts.set(details.alert.id, (counts.get(details.alert.id) ?? 0) + 1);
    try {
      const since = await armedFrom(deps.database, details, now, cache);
      measured.push({ details, m: since === null ? NOT_ARMED : await measure(deps, details, now, since, cache) });
    } catch (error) {
      fail(details, error);
    }
  }
  const states = await alertStates(deps.database, measured.map((x) => x.details.alert.id));
  for (const { details, m } of measured) {
    const state = states.get(details.alert.id);
    if (!state) continue;
    try {
      const t = await applyMeasure(deps, details, state, m, now, effects);
      if (t.notification !== null) effects.notified?.();
      if ((t.kind === 'triggered' || t.kind === 'cleared') && t.logId !== null) await publishAlertLog(deps, t.logId);
    } catch (error) {
      fail(details, error);
    }
  }
  return failed;
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
