import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { events, installations, zones } from '../installations/installations.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { users } from '../users/users.tables.ts';

/** A report e-mailed on a schedule in its site's time zone, for one event and zone (spec 002 §3). */
export const scheduledReports = pgTable(
  'scheduled_reports',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    installationId: integer('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    language: text('language').notNull(),
    /** 0 every day, 1 (Monday) to 7 (Sunday). */
    sendDay: integer('send_day').notNull(),
    hour: integer('hour').notNull(),
    daysIncluded: integer('days_included').notNull(),
    /** Seconds: the data sheet's bucket. */
    granularity: integer('granularity').notNull(),
    emails: text('emails').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scheduled_reports_organization').on(t.organizationId)],
);

/** One per recipient and send: the SHA-256 of an unsubscribe link's token, single-use and expiring. */
export const reportUnsubscribeTokens = pgTable(
  'report_unsubscribe_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => scheduledReports.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('report_unsubscribe_tokens_report').on(t.reportId)],
);
