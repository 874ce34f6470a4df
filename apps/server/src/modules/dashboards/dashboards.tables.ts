import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { GlobalWidgetFilter, WidgetConfiguration, WidgetLayout, WidgetMetric } from '@sitelens/domain';
import { installations } from '../installations/installations.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { users } from '../users/users.tables.ts';
import type { DashboardModel } from './dashboardModel.ts';
import type { VersionSummary } from './versionSummary.ts';

/**
 * Stored dashboards: a user's own (`user`, ownerUserId set), shared with the whole organization
 * (`organization`) or offered to it ready-made (`marketplace`). Static installation dashboards are
 * not stored: they are built from the installations.
 */
export const dashboards = pgTable(
  'dashboards',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'user' | 'organization' | 'marketplace'>().notNull(),
    name: text('name').notNull(),
    /** The site chosen when it was made (migration 0055): what a page naming no zone reads. */
    installationId: integer('installation_id').references(() => installations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Touched by every change of the dashboard, its pages or their widgets ("last modified"). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dashboards_organization').on(t.organizationId)],
);

export const dashboardPages = pgTable(
  'dashboard_pages',
  {
    id: serial('id').primaryKey(),
    dashboardId: integer('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    icon: text('icon').notNull().default('IconLayoutDashboard'),
    position: integer('position').notNull(),
    widgetGlobalFilters: jsonb('widget_global_filters').$type<GlobalWidgetFilter[]>().notNull().default([]),
  },
  (t) => [index('dashboard_pages_dashboard').on(t.dashboardId)],
);

export const dashboardWidgets = pgTable(
  'dashboard_widgets',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => dashboardPages.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    category: text('category').$type<'global' | 'specific'>().notNull().default('global'),
    tooltipMessages: jsonb('tooltip_messages').$type<string[]>().notNull().default([]),
    realTime: text('real_time').$type<'slow' | 'fast' | 'live'>(),
    position: integer('position').notNull(),
    kind: text('kind').$type<'live' | 'custom'>().notNull().default('custom'),
    zoneIds: integer('zone_ids').array().notNull().default([]),
    deviceIds: integer('device_ids').array().notNull().default([]),
    passageIds: integer('passage_ids').array().notNull().default([]),
    alertIds: integer('alert_ids').array().notNull().default([]),
    ignoredFilters: text('ignored_filters').array().notNull().default([]),
    headers: jsonb('headers').$type<string[]>(),
    metrics: jsonb('metrics').$type<WidgetMetric[]>().notNull().default([]),
    configuration: jsonb('configuration').$type<WidgetConfiguration>().notNull().default({}),
    layout: jsonb('layout').$type<WidgetLayout>(),
  },
  (t) => [index('dashboard_widgets_page').on(t.pageId)],
);

/** Every save of a stored dashboard: its whole model, author, time and what changed (issue 32). */
export const dashboardVersions = pgTable(
  'dashboard_versions',
  {
    dashboardId: integer('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    summary: jsonb('summary').$type<VersionSummary>().notNull(),
    model: jsonb('model').$type<DashboardModel>().notNull(),
    /** The version a restore brought back, else null. */
    restoredFrom: integer('restored_from'),
  },
  (t) => [primaryKey({ columns: [t.dashboardId, t.number] })],
);
