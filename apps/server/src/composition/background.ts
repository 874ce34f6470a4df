import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { type Messages, createMessages } from '../messages/messages.ts';
import { createSenders } from '../messages/senders.ts';
import type { JobDefinition } from '../jobs/defineJob.ts';
import { jobDefinitions } from './jobRegistry.ts';
import type { JobDeps, JobLog } from '../jobs/jobDeps.ts';
import { isActiveMember } from '../modules/users/users.repo.ts';
import { type JobRunner, createJobQueue } from '../jobs/jobQueue.ts';

export interface Background {
  jobs: JobRunner;
  messages: Messages;
  /** Runs jobs and schedules in this process (the server does; a test only when it asks). */
  start(deps: JobDeps): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The queue and the messages of one process, opened together: main.ts and the test server call this
 * and put both in the server's dependencies. `work: false` only enqueues.
 */
export function createBackground(opts: {
  database: Database;
  config: Config;
  now: () => Date;
  /** Until start() hands over the server's log. */
  log?: JobLog;
  work: boolean;
  /** Jobs beyond jobDefinitions (tests). */
  definitions?: JobDefinition<any>[];
}): Background {
  const { database, config, now } = opts;
  const jobs = createJobQueue({
    database,
    definitions: [...jobDefinitions(config), ...(opts.definitions ?? [])],
    now,
    log: opts.log ?? console,
    work: opts.work,
    pollMs: config.JOBS_POLL_MS,
    schedulePollMs: config.JOBS_SCHEDULE_POLL_MS,
    maintenanceSeconds: config.JOBS_MAINTENANCE_SECONDS,
    workerLeaseSeconds: config.JOBS_WORKER_LEASE_SECONDS,
  });
  const senders = createSenders(database, config);
  const messages = createMessages({ database, jobs, config, now, senders, stillAddressed: (userId, organizationId) => isActiveMember(database, userId, organizationId) });
  return {
    jobs,
    messages,
    start: (deps) => jobs.start(deps),
    async stop() {
      await jobs.stop();
      senders.mailer.close();
    },
  };
}
