import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from '../installations/installations.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A Stop&Go screen display at a site's entrance, for one event (whose limit it shows). Its address
 * carries a secret of which only the SHA-256 is kept; renewing replaces it, deleting revokes it.
 */
export const stopngoScreens = pgTable(
  'stopngo_screens',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    secondLanguage: text('second_language'),
    secretHash: text('secret_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    secretRenewedAt: timestamp('secret_renewed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('stopngo_screens_secret').on(t.secretHash), index('stopngo_screens_event').on(t.eventId)],
);

/**
 * One row per open display connection, refreshed at every heartbeat: a screen is active while one
 * is recent. In the database, so every server process sees the displays of the others.
 */
export const stopngoScreenConnections = pgTable(
  'stopngo_screen_connections',
  {
    id: uuid('id').primaryKey(),
    screenId: integer('screen_id')
      .notNull()
      .references(() => stopngoScreens.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stopngo_screen_connections_screen').on(t.screenId, t.seenAt)],
);
