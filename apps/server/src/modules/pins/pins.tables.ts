import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

export const pins = pgTable(
  'pins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    target: text('target'),
  },
  (t) => [index('pins_user').on(t.userId)],
);
