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
