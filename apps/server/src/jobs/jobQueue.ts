import PgBoss from 'pg-boss';
import { isKnownTimeZone, nextOccurrence, scheduleRuleProblem } from '@sitelens/domain';
import type { Database } from '../db/database.ts';
import { withTransaction } from '../db/transaction.ts';
import { type BossDb, bossDatabase, bossTransaction } from './bossDatabase.ts';
import type { JobDefinition } from './defineJob.ts';
import type { JobDeps, JobLog } from './jobDeps.ts';
import type { JobQueue } from './jobQueue.types.ts';

export type { EnqueueOptions, JobQueue, ScheduleOptions } from './jobQueue.types.ts';
import { type Envelope, type QueueWorker, startQueueWorker } from './queueWorker.ts';
import { type ScheduleTicker, startScheduleTicker } from './scheduleTicker.ts';
import { deleteSchedule, upsertSchedule } from './schedules.repo.ts';
import { type WorkerLiveness, startWorkerLiveness } from './workerLiveness.ts';

/** The server's side: start and stop with the process. */
export interface JobRunner extends JobQueue {
  /** Installs the queue's tables when needed; every enqueue waits for it. */
  ready(): Promise<void>;
  /** Starts the workers of every definition and the schedule ticker. */
  start(deps: JobDeps): Promise<void>;
  stop(opts?: { timeoutMs?: number }): Promise<void>;
  /** Hands due schedule occurrences to the queue now (what the ticker does at their time). */
  tickSchedules(): Promise<number>;
}

export interface JobQueueOptions {
  database: Database;
  definitions: ReadonlyArray<JobDefinition<any>>;
  now: () => Date;
  log: JobLog;
  pollMs: number;
  schedulePollMs: number;
  maintenanceSeconds: number;
  /** false: this process only enqueues (no maintenance either); true: it may also run jobs. */
  work: boolean;
  /** A worker silent this long is dead and its jobs go back to the queue (workerLiveness.ts); 15 when not given. */
  workerLeaseSeconds?: number;
}

const deadLetterOf = (name: string) => `${name}.failed`;

/**
 * The durable queue: pg-boss on our database (PGlite or PostgreSQL), its jobs defined by
 * `defineJob`, plus durable schedules in a time zone. pg-boss keeps jobs, retries with backoff,
 * hands jobs left by a crashed process back after their timeout, and gives each job to one
 * process; this module runs the handlers and the schedules.
 */
export function createJobQueue(opts: JobQueueOptions): JobRunner {
  const definitions = new Map(opts.definitions.map((d) => [d.name, d]));
  const boss = new PgBoss({
    db: bossDatabase(opts.database) as PgBoss.Db,
    supervise: opts.work,
    schedule: false,
    migrate: true,
    maintenanceIntervalSeconds: opts.maintenanceSeconds,
  });
  let log = opts.log;
  boss.on('error', (error) => log.error(error, 'job queue'));

  let installed: Promise<void> | null = null;
  let deps: JobDeps | null = null;
  const workers = new Map<string, QueueWorker>();
  let ticker: ScheduleTicker | null = null;
  let liveness: WorkerLiveness | null = null;
  const completedRuns = new Map<string, number>();
  const completed = (name: string) => completedRuns.set(name, (completedRuns.get(name) ?? 0) + 1);

  const queueNames = [...definitions.values()].flatMap((d) => (d.onFinalFailure ? [d.name, deadLetterOf(d.name)] : [d.name]));
  const ready = () =>
    (installed ??= (async () => {
      await startBoss(opts.database, boss);
      await createMissingQueues(opts.database, queueNames, (await boss.getQueues()).map((q) => q.name));
    })());

  function definitionOf(name: string): JobDefinition<any> {
    const d = definitions.get(name);
    if (!d) throw new Error(`job ${name} is not in jobDefinitions`);
    return d;
  }

  async function send(d: JobDefinition<any>, envelope: Envelope, startAfter: Date | undefined, db: BossDb | undefined): Promise<string> {
    await ready();
    const retryDelay = d.options.retryDelaySeconds ?? 30;
    const id = await boss.send(d.name, envelope, {
      retryLimit: d.options.retryLimit ?? 3,
      retryDelay,
      retryBackoff: retryDelay > 0,
      expireInSeconds: d.options.timeoutSeconds ?? 300,
      ...(d.onFinalFailure ? { deadLetter: deadLetterOf(d.name) } : {}),
      ...(startAfter ? { startAfter } : {}),
      ...(db ? { db } : {}),
    } as PgBoss.SendOptions);
    if (!id) throw new Error(`job ${d.name} was not enqueued`);
    return id;
  }

  const tickerDeps = () => ({
    database: opts.database,
    now: opts.now,
    enqueue: async (jobName: string, data: unknown, occurrence: Date, db: BossDb) => void (await send(definitionOf(jobName), { d: data, o: occurrence.toISOString() }, undefined, db)),
    enqueued: (names: Set<string>) => names.forEach((n) => workers.get(n)?.wake()),
    onError: (error: unknown) => log.error(error, 'job schedules'),
  });

  const runner: JobRunner = {
    ready,
    async enqueue(job, data, o = {}) {
      const id = await send(definitionOf(job.name), { d: data }, o.startAfter, o.tx ? bossTransaction(o.tx) : undefined);
      if (!o.tx) runner.wake(job);
      return id;
    },
    wake(job) {
      workers.get(job.name)?.wake();
    },
    async schedule(key, job, data, o) {
      const problem = scheduleRuleProblem(o.rule) ?? (isKnownTimeZone(o.timeZone) ? null : 'timeZone');
      if (problem) throw new RangeError(`schedule ${key}: bad ${problem}`);
      definitionOf(job.name);
      const now = opts.now();
      await upsertSchedule(opts.database, {
        key,
        jobName: job.name,
        data,
        rule: o.rule,
        timeZone: o.timeZone,
        catchUp: o.catchUp ?? 'last',
        organizationId: o.organizationId ?? null,
        nextAt: new Date(nextOccurrence(o.rule, o.timeZone, now.getTime())),
        now,
      });
      ticker?.wake();
    },
    async unschedule(key) {
      await deleteSchedule(opts.database, key);
    },
    async start(jobDeps) {
      if (!opts.work) throw new Error('this job queue only enqueues');
      deps = jobDeps;
      log = jobDeps.log;
      await ready();
      const current = () => deps!;
      liveness = await startWorkerLiveness({
        database: opts.database,
        boss,
        queues: queueNames,
        leaseSeconds: opts.workerLeaseSeconds ?? 15,
        log: () => log,
        handedBack: (names) => names.forEach((n) => workers.get(n)?.wake()),
        reaped: () => workers.forEach((w) => w.abandon()),
      });
      const claims = liveness;
      for (const d of definitions.values()) {
        workers.set(d.name, startQueueWorker(boss, d, current, { pollMs: opts.pollMs, claims, completed }));
        if (d.onFinalFailure) workers.set(deadLetterOf(d.name), startQueueWorker(boss, finalFailureJob(d), current, { pollMs: opts.pollMs, claims, completed }));
        if (d.schedule) await runner.schedule(d.name, d, {}, d.schedule);
      }
      ticker = startScheduleTicker(tickerDeps(), { pollMs: opts.schedulePollMs, run: true });
    },
    async stop({ timeoutMs = 10_000 } = {}) {
      await ticker?.stop();
      await Promise.all([...workers.values()].map((w) => w.stop(timeoutMs)));
      workers.clear();
      await liveness?.stop().catch((error: unknown) => log.error(error, 'worker liveness'));
      liveness = null;
      if (installed) await installed.catch(() => undefined);
      await boss.stop({ graceful: false, close: false });
    },
    completedRuns: () => completedRuns,
    async tickSchedules() {
      ticker ??= startScheduleTicker(tickerDeps(), { pollMs: opts.schedulePollMs, run: false });
      await ready();
      return ticker.tick();
    },
  };
  return runner;
}

/**
 * Starts pg-boss, one process at a time on PostgreSQL. Two servers starting together on a new
 * database both find no pgboss schema; pg-boss serializes its creation with an advisory lock, but
 * the second one's catalog cache is not refreshed by that lock, so its CREATE SCHEMA IF NOT EXISTS
 * fails on the unique index instead of finding the schema (an error pg-boss does not take for the
 * race it tolerates). Holding our own lock around the whole start makes the second one look only
 * after the first committed. PGlite has one process and one connection, so nothing to order.
 */
async function startBoss(database: Database, boss: PgBoss): Promise<void> {
  if (database.engine !== 'postgres') {
    await boss.start();
    return;
  }
  await withTransaction(database, async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('sitelens.pgboss.start'))");
    await boss.start();
  });
}

/**
 * Creates the queues no process created yet, one process at a time: two servers starting together
 * on a new database (or with a new kind of job) would otherwise deadlock in pg-boss's create_queue,
 * each holding the queue table while adding a partition's foreign key to it.
 */
async function createMissingQueues(database: Database, names: readonly string[], existing: readonly string[]): Promise<void> {
  const missing = names.filter((n) => !existing.includes(n));
  if (missing.length === 0) return;
  await withTransaction(database, async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('sitelens.pgboss.create_queue'))");
    for (const name of missing) await tx.query('SELECT pgboss.create_queue($1, $2)', [name, { policy: 'standard' }]);
  });
}

/** The job a definition's last failure becomes (pg-boss's dead letter): calls its onFinalFailure. */
function finalFailureJob(d: JobDefinition<any>): JobDefinition<unknown> {
  return {
    name: deadLetterOf(d.name),
    options: { retryLimit: 5, retryDelaySeconds: 5, batchSize: 5 },
    run: async (data, run, deps) => d.onFinalFailure!(data, run.failure ?? 'failed', deps),
  };
}

