import type { CatchUp, ScheduleRule } from '@sitelens/domain';
import type { JobDeps } from './jobDeps.ts';
import type { JobRef } from './jobQueue.types.ts';

/** What a handler knows about the run it is in. */
export interface JobRun {
  id: string;
  /** 1 on the first run, 2 on the first retry ... */
  attempt: number;
  /** Runs in all: 1 + the retry limit. */
  attempts: number;
  /** For a scheduled job, the occurrence it runs for (not the time it happens to run). */
  occurrence: Date | null;
  /** In an onFinalFailure run: why the last attempt failed. */
  failure?: string;
  /** Aborted when the run is given up (its timeout): pass it to fetch, sendMail ... so the work stops too. */
  signal: AbortSignal;
}

export interface JobOptions {
  /** Retries after a failed run (an error thrown by the handler, or a run past `timeoutSeconds`). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled at each next one, with jitter (0: at once). */
  retryDelaySeconds?: number;
  /** A run taking longer is given up (and retried): also how long a crashed process holds a job. */
  timeoutSeconds?: number;
  /** Jobs one worker takes at a time and runs side by side. */
  batchSize?: number;
}

export interface StaticSchedule {
  rule: ScheduleRule;
  timeZone: string;
  catchUp?: CatchUp;
}

export interface JobDefinition<T> extends JobRef<T> {
  name: string;
  options: JobOptions;
  run(data: T, run: JobRun, deps: JobDeps): Promise<void>;
  /** Called once when the last retry failed too, with the reason: record it where people see it. */
  onFinalFailure?(data: T, reason: string, deps: JobDeps): Promise<void>;
  /** A schedule the server keeps from its start (e.g. a check every minute), under the job's name. */
  schedule?: StaticSchedule;
}

const NAME = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/;

/**
 * A kind of job: its name ('<feature>.<what>'), its retry and timeout options and its handler.
 * Add it to `jobDefinitions.ts` so every server process can run it; enqueue it with
 * `deps.jobs.enqueue(definition, data)`. Data must be JSON.
 */
export function defineJob<T>(definition: JobDefinition<T>): JobDefinition<T> {
  if (!NAME.test(definition.name)) throw new Error(`job name must look like feature.action: ${definition.name}`);
  return definition;
}
