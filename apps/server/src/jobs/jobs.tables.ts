import type { CatchUp, ScheduleRule } from '@sitelens/domain';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
