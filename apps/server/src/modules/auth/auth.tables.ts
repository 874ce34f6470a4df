import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

/** A signed-in browser. The cookie holds a random secret; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adminUserId: integer('admin_user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Failed sign-in attempts, keyed by account or by address; read to rate-limit across processes. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_key_time').on(t.key, t.attemptedAt)],
);
