import { customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** An export too large to attach: kept until its link expires, read with the link's token alone. */
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
    tokenHash: text('token_hash').notNull().unique(),
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
    rowsTotal: integer('rows_total').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('export_requests_user').on(t.userId, t.createdAt)],
);
