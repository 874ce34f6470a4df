import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A signed-in browser. The cookie holds a random secret; only its SHA-256 is stored (`id`). Access
 * tokens name the session by `sid`, so deleting the row revokes the cookie and its tokens at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    sid: text('sid').notNull().default(sql`gen_random_uuid()::text`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adminUserId: integer('admin_user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Browser and system, from the User-Agent at sign-in (the security tab's list). */
    label: text('label').notNull().default(''),
    /** The organization the session acts in (switchOrganization); null: the user's first active membership. */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /**
     * A view-as session: the administrator's session it was started from. Whatever ends that one
     * (sign-out, revocation, a password change) deletes this one with it, and it is live only while
     * that one is (migration 0057).
     */
    startedFromSid: text('started_from_sid').references((): AnyPgColumn => sessions.sid, { onDelete: 'cascade' }),
  },
  (t) => [
    index('sessions_user').on(t.userId),
    uniqueIndex('sessions_sid').on(t.sid),
    index('sessions_started_from').on(t.startedFromSid),
    check('sessions_view_as_started_from', sql`(${t.adminUserId} is null) = (${t.startedFromSid} is null)`),
  ],
);

/** Attempts per limited key (account, address, code) in the current window; see attemptLimiter.ts. */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    /** When the last counted attempt of a delayed key was taken, and by which call (takeDelayedAttempt). */
    lastAt: timestamp('last_at', { withTimezone: true }),
    lastToken: text('last_token'),
  },
  (t) => [index('attempt_counters_window_ends_at').on(t.windowEndsAt)],
);

/** Single-purpose, expiring secrets (reset links, one-time codes, invitations); see purposeSecrets.ts. */
export const purposeSecrets = pgTable(
  'purpose_secrets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purpose: text('purpose').notNull(),
    subject: text('subject').notNull(),
    kind: text('kind').$type<'token' | 'code'>().notNull(),
    digest: text('digest').notNull(),
    data: jsonb('data'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('purpose_secrets_digest').on(t.purpose, t.digest),
    index('purpose_secrets_subject').on(t.purpose, t.subject),
    check('purpose_secrets_kind', sql`${t.kind} in ('token', 'code')`),
  ],
);

/** Browsers trusted after a two-factor sign-in; the cookie holds the secret, `digest` its SHA-256. */
export const trustedBrowsers = pgTable(
  'trusted_browsers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    digest: text('digest').notNull(),
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('trusted_browsers_digest').on(t.digest), index('trusted_browsers_user').on(t.userId)],
);

/** One-time recovery codes (10 per set), used instead of a code at sign-in; `digest` is their SHA-256. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    digest: text('digest').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user').on(t.userId)],
);
