import { customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables.ts';
import { users } from '../users/users.tables.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** An export too large to attach (one per language of its recipients): kept until it expires, read through its recipients' links. */
export const exportFiles = pgTable(
  'export_files',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('export_files_expires').on(t.expiresAt)],
);

/** An export asked for, with its progress: the export screen shows the caller's recent ones. */
export const exportRequests = pgTable(
  'export_requests',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    siteName: text('site_name').notNull(),
    /** QUEUED, RUNNING, SENT or FAILED. */
    status: text('status').notNull().default('QUEUED'),
    rowsDone: integer('rows_done').notNull().default(0),
    /** Rows expected until the export is sent, then the rows written. */
    rowsTotal: integer('rows_total').notNull(),
    /** What was asked; null on requests made before they were kept (migration 0036). */
    periodFrom: timestamp('period_from', { withTimezone: true }),
    periodTo: timestamp('period_to', { withTimezone: true }),
    timeZone: text('time_zone'),
    changeOfDayTime: text('change_of_day_time'),
    format: text('format'),
    dataType: text('data_type'),
    granularity: integer('granularity'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('export_requests_user').on(t.userId, t.createdAt)],
);

/**
 * A recipient's download link to a stored export: only the SHA-256 of its token is kept. It opens
 * the file while it has not expired, has not been revoked, and its recipient still belongs to the
 * organization (checked at each download).
 */
export const exportLinks = pgTable(
  'export_links',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => exportFiles.id, { onDelete: 'cascade' }),
    requestId: integer('request_id').references(() => exportRequests.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('export_links_request').on(t.requestId), index('export_links_user').on(t.userId)],
);
