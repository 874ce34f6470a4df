import type { CatchUp, ScheduleRule } from '@sitelens/domain';
import type { SqlClient } from '../db/database.ts';

/**
 * The features' side of the durable job queue, as the server's dependencies carry it: interfaces only,
 * so the context that holds a queue knows nothing of its implementation (jobQueue.ts) or of the jobs.
 */

/** A kind of job as the queue sees it: its name, and (for the type checker only) the shape of its data. */
export interface JobRef<T> {
  readonly name: string;
  /** Never set: lets enqueue(job, data) check data against the job's own type. */
  readonly dataType?: T;
}

export interface EnqueueOptions {
  /** Not before this time. */
  startAfter?: Date;
  /** Insert the job in the caller's transaction: it exists exactly when the change that needs it commits. */
  tx?: SqlClient;
}

export interface ScheduleOptions {
  rule: ScheduleRule;
  /** IANA zone whose clock the rule reads (a site's time zone). */
  timeZone: string;
  catchUp?: CatchUp;
  /** Deleting the organization deletes its schedules. */
  organizationId?: number | null;
}

/** The features' side of the queue. */
export interface JobQueue {
  /** Jobs this process ran to completion since it started, by job name (none on a `web`). */
  completedRuns(): ReadonlyMap<string, number>;
  enqueue<T>(job: JobRef<T>, data: T, opts?: EnqueueOptions): Promise<string>;
  /** After a transaction that enqueued with `tx` committed: this process's workers look at once. */
  wake(job: JobRef<unknown>): void;
  /** Runs `job` with `data` at each occurrence of the rule, once per occurrence across processes. */
  schedule<T>(key: string, job: JobRef<T>, data: T, opts: ScheduleOptions): Promise<void>;
  unschedule(key: string): Promise<void>;
}
