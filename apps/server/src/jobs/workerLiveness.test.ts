import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { type JobRun, defineJob } from './defineJob.ts';
import type { JobDeps } from './jobDeps.ts';
import { type JobRunner, createJobQueue } from './jobQueue.ts';
import { until } from './testSupport/until.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let database: Database;
const runners: JobRunner[] = [];
const runs: Array<{ n: number; run: JobRun }> = [];
const job = defineJob<{ n: number }>({ name: 'test.handback', options: { timeoutSeconds: 1800 }, run: async ({ n }, run) => void runs.push({ n, run }) });

const runner = (work: boolean) => {
  const r = createJobQueue({ database, definitions: [job], now: () => new Date(), log: quiet, pollMs: 60_000, schedulePollMs: 60_000, maintenanceSeconds: 60, work, workerLeaseSeconds: 10 });
  runners.push(r);
  return r;
};

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  for (const r of runners) await r.stop({ timeoutMs: 1000 });
  await database.close();
});

/** A job as a worker holds it: fetched (active) `startedAgo` ago, claimed by `worker` unless null. */
async function heldJob(enqueuer: JobRunner, n: number, startedAgo: string, worker: string | null): Promise<string> {
  const id = await enqueuer.enqueue(job, { n });
  await database.sql.query(`UPDATE pgboss.job SET state = 'active', started_on = now() - $2::interval WHERE id = $1`, [id, startedAgo]);
  if (worker) await database.sql.query('INSERT INTO job_claims (job_id, queue, worker_id) VALUES ($1, $2, $3)', [id, job.name, worker]);
  return id;
}

describe('worker liveness', () => {
  it('a worker that starts hands back at once the jobs of a dead worker and an unclaimed one, never a living worker’s', async () => {
    const enqueuer = runner(false);
    await enqueuer.ready();
    const [dead, living] = [randomUUID(), randomUUID()];
    await database.sql.query(`INSERT INTO job_workers (id, host, pid, beat_at) VALUES ($1, 'gone', 1, now() - interval '1 minute'), ($2, 'here', 2, now())`, [dead, living]);
    // pg-boss alone would hand these back after their 30 minutes.
    await heldJob(enqueuer, 1, '5 seconds', dead);
    await heldJob(enqueuer, 2, '1 hour', null);
    const kept = await heldJob(enqueuer, 3, '5 seconds', living);

    const started = Date.now();
    await runner(true).start({ database, log: quiet, now: () => new Date() } as unknown as JobDeps);
    await until(() => runs.length === 2, 10_000, 'handed-back jobs run');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(runs.map((r) => [r.n, r.run.attempt]).sort()).toEqual([[1, 2], [2, 2]]);
    const { rows: workers } = await database.sql.query<{ host: string }>("SELECT host FROM job_workers WHERE host <> 'gone' AND host <> 'here'");
    expect(workers).toHaveLength(1);
    const { rows: left } = await database.sql.query<{ host: string }>("SELECT host FROM job_workers WHERE host IN ('gone', 'here')");
    expect(left).toEqual([{ host: 'here' }]);
    const { rows: state } = await database.sql.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [kept]);
    expect(state).toEqual([{ state: 'active' }]);
    expect(runs.some((r) => r.n === 3)).toBe(false);
    // Jobs run to completion leave no claim behind.
    await until(async () => (await database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM job_claims WHERE job_id <> $1', [kept])).rows[0]!.n === 0, 5_000, 'claims released');
  });
});
