import { boolean, date, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** As stored (older rows may lack the optional fields); the rules are the domain's CustomLink. */
export interface CustomLink {
  text: string;
  url: string;
  iconSrc?: string | null;
  openOutside?: boolean;
}

/** Per-organization switches the product reads (data export, alerts restricted for users without a profile). */
export interface OrganizationFeatures {
  dataExport?: boolean;
  alertsRestricted?: boolean;
}

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo'),
  address: text('address'),
  migrationDeadline: date('migration_deadline'),
  /** Links of every member's header menu (migration 0019). */
  customLinks: jsonb('custom_links').$type<CustomLink[]>().notNull().default([]),
  features: jsonb('features').$type<OrganizationFeatures>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const profiles = pgTable('profiles', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  rights: jsonb('rights').notNull().default({}),
  isDefault: boolean('is_default').notNull().default(false),
});
