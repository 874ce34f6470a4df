import type PgBoss from 'pg-boss';
import type { JobDefinition, JobRun } from './defineJob.ts';
import type { JobDeps } from './jobDeps.ts';
import { asBackgroundWork } from './backgroundWork.ts';
import type { JobClaims } from './workerLiveness.ts';

/** What a job row carries: the feature's data and, for a scheduled job, its occurrence. */
export interface Envelope<T = unknown> {
  d: T;
  o?: string;
}

export interface QueueWorker {
  /** Looks for jobs now instead of at the next poll (a job was just enqueued in this process). */
  wake(): void;
  /** Stops fetching; waits up to `timeoutMs` for running jobs, then hands the rest back for a retry. */
  stop(timeoutMs: number): Promise<void>;
  /** Another process handed this one's jobs back: abort the runs in hand, and neither complete nor fail them. */
  abandon(): void;
}

/**
 * Runs one kind of job in this process: up to `batchSize` jobs side by side (PostgreSQL's SKIP LOCKED
 * gives each job to one process), each completed or failed on its own. It fetches again as soon as
 * a run ends while the queue holds more, else after `pollMs` or a wake-up.
 */
export function startQueueWorker(boss: PgBoss, definition: JobDefinition<any>, deps: () => JobDeps, opts: { pollMs: number; claims?: JobClaims; completed?: (name: string) => void }): QueueWorker {
  const { name } = definition;
  const batchSize = definition.options.batchSize ?? 5;
  const running = new Map<string, AbortController>();
  const abandoned = new Set<string>();
  const noteFailure = (what: string) => (e: unknown) => deps().log.error(e, what);
  let stopping = false;
  let wakeUp: (() => void) | null = null;
  let woken = false;

  async function runOne(job: PgBoss.JobWithMetadata<Envelope>): Promise<void> {
    const abort = new AbortController();
    running.set(job.id, abort);
    const run: JobRun = {
      id: job.id,
      attempt: job.retryCount + 1,
      attempts: job.retryLimit + 1,
      occurrence: job.data.o ? new Date(job.data.o) : null,
      failure: failureOf((job as { output?: unknown }).output),
      signal: abort.signal,
    };
    try {
      // A job is background work: its engine requests yield to people's calls (backgroundWork.ts).
      await withTimeout(definition.run(job.data.d, run, asBackgroundWork(deps())), Number(job.expireInSeconds) * 1000, name, abort);
      if (!abandoned.has(job.id)) {
        await boss.complete(name, job.id);
        opts.completed?.(name);
      }
    } catch (error) {
      if (abandoned.has(job.id)) return;
      const message = reasonOf(error);
      deps().log.warn({ job: name, id: job.id, attempt: run.attempt, err: message }, 'job failed');
      await boss.fail(name, job.id, { message }).catch((e: unknown) => deps().log.error(e, 'could not record a failed job'));
    } finally {
      running.delete(job.id);
      if (!abandoned.delete(job.id)) await opts.claims?.release([job.id]).catch(noteFailure('could not release a job'));
    }
  }

  async function loop(): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    let slotFreed: (() => void) | null = null;
    while (!stopping) {
      woken = false;
      const free = batchSize - inFlight.size;
      const jobs = await boss.fetch<Envelope>(name, { batchSize: free, includeMetadata: true });
      // Recorded as this worker's, so another process hands them back at once should this one die.
      if (jobs.length > 0) await opts.claims?.claim(name, jobs.map((j) => j.id)).catch(noteFailure('could not claim jobs'));
      for (const job of jobs) {
        const run: Promise<void> = runOne(job).finally(() => {
          inFlight.delete(run);
          const freed = slotFreed;
          slotFreed = null;
          freed?.();
        });
        inFlight.add(run);
      }
      if (stopping) break;
      // Every slot taken: the next look waits for the first run to end, not for all of them (a long
      // job fetched with short ones holds only its own slot).
      if (inFlight.size >= batchSize) {
        await new Promise<void>((resolve) => (slotFreed = resolve));
        continue;
      }
      // The queue may hold more (as many came as were asked), or a job was enqueued meanwhile.
      if ((jobs.length > 0 && jobs.length === free) || woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, opts.pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
    await Promise.all(inFlight);
  }

  const looping = loop().catch((error: unknown) => deps().log.error(error, `job worker ${name} stopped`));

  return {
    wake() {
      // A millisecond later: PGlite's now() counts whole milliseconds, and pg-boss fetches only jobs
      // whose start_after < now(), so a fetch in the millisecond of the insert misses the job until
      // the next poll (JOBS_POLL_MS).
      setTimeout(() => {
        woken = true;
        wakeUp?.();
      }, 2).unref();
    },
    abandon() {
      for (const [id, abort] of running) {
        abandoned.add(id);
        abort.abort(new Error('this worker was taken for dead; the job went back to the queue'));
      }
    },
    async stop(timeoutMs) {
      stopping = true;
      wakeUp?.();
      const timedOut = await Promise.race([looping.then(() => false), delay(timeoutMs).then(() => true)]);
      if (!timedOut) return;
      for (const [id, abort] of running) {
        abort.abort(new Error('server stopped while the job ran'));
        await boss.fail(name, id, { message: 'server stopped while the job ran' }).catch(() => undefined);
      }
    },
  };
}

export function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/** The reason pg-boss stored with a failed job: ours ({ message }) or its timeout's ({ value: { message } }). */
function failureOf(output: unknown): string | undefined {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null | undefined;
  const message = o?.message ?? o?.value?.message;
  return typeof message === 'string' ? message : undefined;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** The run, or its failure once `ms` passed; then its signal aborts, so an abandoned send is not finished later. */
async function withTimeout<T>(work: Promise<T>, ms: number, name: string, abort: AbortController): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`${name} took longer than ${ms / 1000} s`);
      abort.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
