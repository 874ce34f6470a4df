import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { OpeningHoursWindow } from '@sitelens/domain';
import { organizations } from '../organizations/organizations.tables.ts';

export const installations = pgTable(
  'installations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    timezone: text('timezone').notNull(),
    openingHours: jsonb('opening_hours').$type<OpeningHoursWindow[]>().notNull().default([]),
    /** Local time at which a business day starts, "HH:MM". */
    changeOfDayTime: text('change_of_day_time').notNull().default('00:00'),
    creationDate: date('creation_date').notNull(),
    country: text('country'),
    city: text('city'),
    address: text('address'),
    areaM2: doublePrecision('area_m2'),
    /** Site coordinates (WGS 84), for the weather forecast. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (t) => [index('installations_org').on(t.organizationId)],
);

export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    installationId: integer('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    isDisabled: boolean('is_disabled').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    areaM2: doublePrecision('area_m2'),
  },
  (t) => [index('zones_installation').on(t.installationId), index('zones_parent').on(t.parentId)],
);

export const passages = pgTable(
  'passages',
  {
    id: serial('id').primaryKey(),
    installationId: integer('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    /** The zone a person enters when counted "in" through this passage. */
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
  },
  (t) => [index('passages_installation').on(t.installationId)],
);

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    installationId: integer('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    passageId: integer('passage_id').references(() => passages.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** pad (people counting), atmosphere (air quality) or meter (energy, water, heat, fuel). */
    kind: text('kind').notNull(),
    meterType: text('meter_type'),
  },
  (t) => [index('devices_installation').on(t.installationId)],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    installationId: integer('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Metric families the event covers: counting, atmosphere, energy, sales. */
    metrics: text('metrics').array().notNull().default([]),
    neverEnding: boolean('never_ending').notNull().default(false),
    dateBegin: timestamp('date_begin', { withTimezone: true }).notNull(),
    dateEnd: timestamp('date_end', { withTimezone: true }),
    stopngoLimit: integer('stopngo_limit'),
  },
  (t) => [index('events_installation').on(t.installationId)],
);
