import type { CatchUp, ScheduleRule } from '@sitelens/domain';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../modules/organizations/organizations.tables.ts';

/**
 * Durable schedules (the queue itself is pg-boss's, in its own `pgboss` schema). `next_at` is the
 * next occurrence not yet handed to the queue: a process enqueues an occurrence only by moving
 * `next_at` past it in the same transaction, so each occurrence is enqueued once, by one process,
 * also when it comes due while no server runs.
 */
export const jobSchedules = pgTable(
  'job_schedules',
  {
    key: text('key').primaryKey(),
    jobName: text('job_name').notNull(),
    data: jsonb('data').notNull().default({}),
    rule: jsonb('rule').$type<ScheduleRule>().notNull(),
    timeZone: text('time_zone').notNull(),
    catchUp: text('catch_up').$type<CatchUp>().notNull().default('last'),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('job_schedules_next_at').on(t.nextAt), index('job_schedules_organization').on(t.organizationId)],
);

/** A process that runs jobs, alive while `beat_at` is younger than JOBS_WORKER_LEASE_SECONDS (workerLiveness.ts). */
export const jobWorkers = pgTable('job_workers', {
  id: uuid('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A pg-boss job a worker holds (active): handed back to the queue when its worker dies. */
export const jobClaims = pgTable(
  'job_claims',
  {
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => jobWorkers.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_claims_worker').on(t.workerId)],
);
