import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables.ts';
import { users } from '../users/users.tables.ts';

/** What administrators did while viewing the product as a user (migration 0027). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    adminUserId: integer('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
    /** The root mutation field, e.g. `updateUserProfile`; `viewAsUser` for the start. */
    operation: text('operation').notNull(),
    /** `OK`, or the error code that refused it. */
    outcome: text('outcome').notNull(),
    /** What the operation acted on, by its name of the moment (migration 0041); null when none. */
    objectName: text('object_name'),
    /** The fields it changed, by name (auditSubjects.ts), never their values. */
    changedFields: jsonb('changed_fields').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_organization_created').on(t.organizationId, t.createdAt)],
);
