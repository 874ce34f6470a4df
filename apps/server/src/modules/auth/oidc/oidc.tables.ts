import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.tables.ts';

/**
 * An OpenID Connect identity (issuer + subject) linked to a user at its first sign-in by verified
 * e-mail; afterwards the identity alone names the user (an e-mail changed at the provider cannot
 * reach another account). One identity per user and issuer.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The verified e-mail the provider gave at linking (for the record; never used to match). */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_subject').on(t.issuer, t.subject), uniqueIndex('user_identities_user').on(t.userId, t.issuer)],
);
