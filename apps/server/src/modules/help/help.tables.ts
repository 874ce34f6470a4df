import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

/**
 * How far a user is with the guided tour. No row: never shown, so it starts after sign-in. A row
 * with an outcome ('completed' or 'skipped') ends it; a row without one asks for it again (replay
 * from the help centre).
 */
export const tutorialProgress = pgTable('tutorial_progress', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  outcome: text('outcome').$type<'completed' | 'skipped'>(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
