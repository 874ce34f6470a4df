import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A user's bookmark (pinned page) inside one organization: an app-relative path with its query
 * (the page's filters), a title, and the user's order (position, then id).
 */
export const pins = pgTable(
  'pins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    target: text('target'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pins_user').on(t.userId), index('pins_user_organization').on(t.userId, t.organizationId, t.position)],
);
