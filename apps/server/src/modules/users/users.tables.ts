import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { type CustomLink, organizations, profiles } from '../organizations/organizations.tables.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    lang: text('lang').notNull().default('fr'),
    dateFormat: text('date_format').notNull().default('DD/MM/YYYY'),
    picture: text('picture'),
    phone: text('phone'),
    isPhoneVerified: boolean('is_phone_verified').notNull().default(false),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    otpContact: text('otp_contact'),
    /** The authenticator app's secret (base32), once a first code confirmed it; never sent back. */
    totpSecret: text('totp_secret'),
    /** The secret being enrolled, until its first code. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last authenticator time step that signed in: each code is used once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    theme: text('theme').notNull().default('LIGHT'),
    timezone: text('timezone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'invited' (no password yet, see modules/invitations) until the invitation is accepted, then 'active'. */
    status: text('status').$type<'invited' | 'active'>().notNull().default('active'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    invitedBy: integer('invited_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_lower').on(t.email), check('users_status', sql`${t.status} in ('invited', 'active')`)],
);

export const userOrganizations = pgTable(
  'user_organizations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The user's role in this organization ('admin' or 'user'): rights are per organization (issue 28.3). */
    role: text('role').notNull().default('user'),
    /** The user's rights profile in this organization (a profile of this organization), null for none. */
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** False keeps the membership without letting the user act in the organization. */
    active: boolean('active').notNull().default(true),
    /** When the user last signed in to or switched to this organization: sign-in opens the latest. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The user's own links of the header menu in this organization (migration 0056). */
    customLinks: jsonb('custom_links').$type<CustomLink[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] }), index('user_organizations_org').on(t.organizationId)],
);
