import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { withTransaction } from '../db/transaction.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { type JobDefinition, type JobRun, defineJob } from './defineJob.ts';
import type { JobDeps } from './jobDeps.ts';
import { type JobRunner, createJobQueue } from './jobQueue.ts';
import { until } from './testSupport/until.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let database: Database;
const runners: JobRunner[] = [];

/** A worker process of the queue (several on one database act as several processes). */
async function startRunner(definitions: JobDefinition<any>[], opts: { pollMs?: number } = {}): Promise<JobRunner> {
  const runner = createJobQueue({ database, definitions, now: () => new Date(), log: quiet, pollMs: opts.pollMs ?? 60_000, schedulePollMs: 60_000, maintenanceSeconds: 60, work: true });
  await runner.start({ database, log: quiet, now: () => new Date() } as unknown as JobDeps);
  runners.push(runner);
  return runner;
}

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  for (const r of runners) await r.stop({ timeoutMs: 1000 });
  await database.close();
});

/**
 * How soon the wake-up after enqueue runs a job, at most: far under the minute these runners wait
 * between polls, and loose enough for a machine busy with another test file.
 */
const WAKE_UP_MS = 10_000;

describe('the job queue', () => {
  it('runs an enqueued job once, with its data, at once in the process that enqueued it', async () => {
    const runs: Array<{ data: unknown; run: JobRun }> = [];
    const job = defineJob<{ n: number }>({ name: 'test.once', options: {}, run: async (data, run) => void runs.push({ data, run }) });
    // A poll a minute away: only the wake-up after enqueue can make it this quick.
    const runner = await startRunner([job]);
    const started = Date.now();
    await runner.enqueue(job, { n: 7 });
    await until(() => runs.length === 1, WAKE_UP_MS);
    expect(Date.now() - started).toBeLessThan(WAKE_UP_MS);
    expect(runs[0]).toMatchObject({ data: { n: 7 }, run: { attempt: 1, attempts: 4, occurrence: null } });
    const { rows } = await database.sql.query("SELECT policy FROM pgboss.queue WHERE name = 'test.once'");
    expect(rows).toEqual([{ policy: 'standard' }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(runs).toHaveLength(1);
  });

  it('a job enqueued right after the worker looked is not left for the next poll', async () => {
    // PGlite's now() counts milliseconds and pg-boss fetches jobs whose start_after < now(): a look in
    // the insert's millisecond missed the job, and it waited for the poll (here a minute away).
    const done: number[] = [];
    const job = defineJob<{ n: number }>({ name: 'test.burst', options: { batchSize: 1 }, run: async ({ n }) => void done.push(n) });
    const runner = await startRunner([job]);
    for (let n = 0; n < 40; n++) {
      await runner.enqueue(job, { n });
      await until(() => done.length === n + 1, WAKE_UP_MS, `job ${n} run`);
    }
  });

  it('a long job holds only its own slot: the jobs after it run while it goes on', async () => {
    // Two slots; the first job waits until the ten after it have run. Its run held the worker's next
    // look until it ended (the ten then waited for it, and the test timed out).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const done: number[] = [];
    const started: number[] = [];
    const job = defineJob<{ n: number }>({
      name: 'test.slots',
      options: { batchSize: 2 },
      run: async ({ n }) => {
        started.push(n);
        if (n === 0) await held;
        done.push(n);
      },
    });
    const runner = await startRunner([job]);
    await runner.enqueue(job, { n: 0 });
    await until(() => started.includes(0), WAKE_UP_MS, 'the long job started');
    await withTransaction(database, async (tx) => {
      for (let n = 1; n <= 10; n++) await runner.enqueue(job, { n }, { tx });
    });
    runner.wake(job);
    await until(() => done.length === 10, WAKE_UP_MS, 'the ten short jobs run beside the long one');
    expect(done).not.toContain(0);
    release();
    await until(() => done.length === 11, WAKE_UP_MS, 'the long one ends');
  });

  it('retries a failing job, then records its final failure with the last reason', async () => {
    const attempts: number[] = [];
    const failures: string[] = [];
    const job = defineJob<{ id: string }>({
      name: 'test.failing',
      options: { retryLimit: 2, retryDelaySeconds: 0 },
      run: async (_data, run) => {
        attempts.push(run.attempt);
        throw new Error(`refused on attempt ${run.attempt}`);
      },
      onFinalFailure: async (data, reason) => void failures.push(`${data.id}: ${reason}`),
    });
    const runner = await startRunner([job], { pollMs: 500 });
    await runner.enqueue(job, { id: 'a' });
    await until(() => failures.length === 1, 15_000);
    expect(attempts).toEqual([1, 2, 3]);
    expect(failures).toEqual(['a: refused on attempt 3']);
  });

  it('gives up a run past its timeout (its signal aborts the work) and retries it', async () => {
    const attempts: number[] = [];
    let abandoned: AbortSignal | null = null;
    const job = defineJob<Record<string, never>>({
      name: 'test.slow',
      options: { retryLimit: 1, retryDelaySeconds: 0, timeoutSeconds: 1 },
      run: async (_data, run) => {
        attempts.push(run.attempt);
        if (run.attempt === 1) {
          abandoned = run.signal;
          await new Promise((r) => setTimeout(r, 2500));
        }
      },
    });
    const runner = await startRunner([job], { pollMs: 500 });
    await runner.enqueue(job, {});
    await until(() => attempts.length === 2, 10_000);
    expect(attempts).toEqual([1, 2]);
    expect((abandoned as AbortSignal | null)?.aborted).toBe(true);
  });

  it('enqueues in the caller’s transaction: nothing runs when it rolls back', async () => {
    const runs: string[] = [];
    const job = defineJob<{ what: string }>({ name: 'test.transactional', options: {}, run: async (data) => void runs.push(data.what) });
    const runner = await startRunner([job], { pollMs: 500 });
    await withTransaction(database, async (tx) => {
      await runner.enqueue(job, { what: 'committed' }, { tx });
    });
    await withTransaction(database, async (tx) => {
      await runner.enqueue(job, { what: 'rolled back' }, { tx });
      throw new Error('the change failed');
    }).catch(() => undefined);
    runner.wake(job);
    await until(() => runs.length >= 1);
    await new Promise((r) => setTimeout(r, 700));
    expect(runs).toEqual(['committed']);
  });

  it('with two workers on one database, each of 60 jobs runs once', async () => {
    const runs = new Map<number, string[]>();
    const definition = (who: string) =>
      defineJob<{ n: number }>({
        name: 'test.shared',
        options: { batchSize: 4 },
        run: async ({ n }) => {
          runs.set(n, [...(runs.get(n) ?? []), who]);
          await new Promise((r) => setTimeout(r, 5));
        },
      });
    const first = await startRunner([definition('first')], { pollMs: 500 });
    const second = await startRunner([definition('second')], { pollMs: 500 });
    for (let n = 0; n < 60; n++) await (n % 2 ? first : second).enqueue(definition('any'), { n });
    await until(() => runs.size === 60, 20_000);
    await new Promise((r) => setTimeout(r, 600));
    expect([...runs.values()].filter((who) => who.length !== 1)).toEqual([]);
    const byWorker = [...runs.values()].flat();
    expect(new Set(byWorker)).toEqual(new Set(['first', 'second']));
  });
});
