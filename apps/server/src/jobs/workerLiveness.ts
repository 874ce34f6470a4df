import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import type { JobLog } from './jobDeps.ts';
import { beat, claimJobs, forgetWorker, handBackDeadWorkersJobs, registerWorker, releaseJobs } from './workerLiveness.repo.ts';

export interface JobClaims {
  claim(queue: string, jobIds: string[]): Promise<void>;
  release(jobIds: string[]): Promise<void>;
}

export interface WorkerLiveness extends JobClaims {
  stop(): Promise<void>;
}

export interface LivenessOptions {
  database: Database;
  boss: PgBoss;
  queues: readonly string[];
  leaseSeconds: number;
  log: () => JobLog;
  /** These queues have jobs again (handed back): their workers may look now. */
  handedBack(queues: Set<string>): void;
  /** Another process took this one for dead and handed its jobs back: drop the runs in hand. */
  reaped(): void;
}

/**
 * Worker liveness (issue 31 item 4): a process that runs jobs beats in `job_workers` every third of
 * the lease and records the jobs it holds in `job_claims`. At each beat it also hands back the jobs
 * of workers silent for a whole lease (kill -9, a lost machine): a dead worker's export comes back
 * within about 1.3 leases, not after its pg-boss timeout (30 minutes for an export).
 */
export async function startWorkerLiveness(opts: LivenessOptions): Promise<WorkerLiveness> {
  const { database } = opts;
  const me = { id: randomUUID(), host: hostname(), pid: process.pid };
  await registerWorker(database.sql, me);
  let stopped = false;
  let current: Promise<void> = Promise.resolve();

  async function round(): Promise<void> {
    if (!(await beat(database.sql, me.id))) {
      opts.log().warn({ worker: me.id }, 'this worker was taken for dead; its jobs went back to the queue');
      opts.reaped();
      await registerWorker(database.sql, me);
    }
    const { retried, exhausted } = await handBackDeadWorkersJobs(database, opts.leaseSeconds, opts.queues);
    for (const j of exhausted) await opts.boss.fail(j.queue, j.id, { message: 'its worker stopped answering' });
    const queues = new Set([...retried, ...exhausted].map((j) => j.queue));
    if (queues.size === 0) return;
    opts.log().warn({ retried: retried.length, failed: exhausted.length }, 'jobs of a dead worker handed back');
    opts.handedBack(queues);
  }

  const tick = () => (current = current.then(round).catch((error: unknown) => opts.log().error(error, 'worker liveness')));
  await tick();
  const timer = setInterval(() => void tick(), (opts.leaseSeconds * 1000) / 3);
  timer.unref();

  return {
    claim: (queue, jobIds) => claimJobs(database.sql, me.id, queue, jobIds),
    release: (jobIds) => releaseJobs(database.sql, jobIds),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await current;
      await forgetWorker(database.sql, me.id);
    },
  };
}
