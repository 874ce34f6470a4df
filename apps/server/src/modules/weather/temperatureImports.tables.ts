import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { installations } from '../installations/installations.tables.ts';

/** Where an import stands; RETRYING waits for `runAfter` after a failed attempt. */
export type TemperatureImportStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'RETRYING' | 'FAILED';
/** Why the last attempt failed. */
export type TemperatureImportError = 'PROVIDER_UNREACHABLE' | 'UNEXPECTED_ANSWER' | 'NO_COORDINATES' | 'NO_ZONE';

/**
 * One import of a site's hourly outdoor temperatures from the weather provider's archive, for the
 * site's calendar days [dateFrom, dateTo]: a durable job, claimed with SKIP LOCKED so several
 * server processes never run the same one, retried with a growing delay when the provider fails.
 */
export const temperatureImports = pgTable(
  'temperature_imports',
  {
    id: serial('id').primaryKey(),
    installationId: integer('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    dateFrom: date('date_from').notNull(),
    dateTo: date('date_to').notNull(),
    status: text('status').$type<TemperatureImportStatus>().notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    hoursWritten: integer('hours_written'),
    error: text('error').$type<TemperatureImportError>(),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('temperature_imports_due').on(t.status, t.runAfter), index('temperature_imports_installation').on(t.installationId)],
);
