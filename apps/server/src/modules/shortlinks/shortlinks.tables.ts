import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A short link /t/{code} to an app page with its query. The code is random (base62) and only
 * answers inside the organization that made it.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    path: text('path').notNull(),
    query: text('query').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('short_links_code').on(t.code), index('short_links_target').on(t.organizationId, t.path, t.query)],
);
