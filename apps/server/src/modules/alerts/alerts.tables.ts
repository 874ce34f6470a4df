import type { OpeningHoursWindow } from '@sitelens/domain';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { devices, events, installations } from '../installations/installations.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/** Who is told besides the actions' recipients: outside e-mails and phones, and users (spec 002 §3). */
export const alertPlannings = pgTable(
  'alert_plannings',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    mails: text('mails').array().notNull().default([]),
    phones: text('phones').array().notNull().default([]),
    userIds: integer('user_ids').array().notNull().default([]),
  },
  (t) => [index('alert_plannings_org').on(t.organizationId)],
);

export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    installationId: integer('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Weekly windows in the site's time zone when the alert is armed; none: always. */
    schedule: jsonb('schedule').$type<OpeningHoursWindow[]>().notNull().default([]),
    /** Remind every N minutes while triggered; null: notify once per trigger. */
    reminderMinutes: integer('reminder_minutes'),
    planningId: integer('planning_id').references(() => alertPlannings.id, { onDelete: 'set null' }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was last armed (created, saved, switched on): its condition reads no reading before (issue 29.1). */
    armedAt: timestamp('armed_at', { withTimezone: true }).notNull().defaultNow(),
    // Evaluation state: ok (triggered false) or triggered with its open alert log.
    triggered: boolean('triggered').notNull().default(false),
    openLogId: integer('open_log_id'),
    notifiedCount: integer('notified_count').notNull().default(0),
    /** When its latest notification was due (the trigger, or a reminder's due instant: the period is kept). */
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
    /** While triggered: since when the condition no longer holds; the episode ends ALERT_REARM_MINUTES later unless it holds again. */
    clearingSince: timestamp('clearing_since', { withTimezone: true }),
  },
  (t) => [
    index('alerts_org_name').on(t.organizationId, t.name, t.id),
    // The evaluator's candidates: a site's enabled alerts.
    index('alerts_installation_enabled').on(t.installationId).where(sql`${t.enabled}`),
  ],
);

export const alertConditions = pgTable('alert_conditions', {
  id: serial('id').primaryKey(),
  alertId: integer('alert_id')
    .notNull()
    .unique()
    .references(() => alerts.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  value: doublePrecision('value'),
  min: doublePrecision('min'),
  max: doublePrecision('max'),
  direction: text('direction'),
  zoneId: integer('zone_id'),
  eventId: integer('event_id'),
  padIds: integer('pad_ids').array().notNull().default([]),
  deviceAtmosphereIds: integer('device_atmosphere_ids').array().notNull().default([]),
  padStatusCodes: text('pad_status_codes').array().notNull().default([]),
  kinds: text('kinds').array().notNull().default([]),
  maxTrigger: integer('max_trigger').notNull().default(0),
  /** Stored metrics whose readings can change the condition (conditionInputMetrics). */
  inputMetrics: text('input_metrics').array().notNull().default([]),
});

export const alertActions = pgTable(
  'alert_actions',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    msgTitle: text('msg_title').notNull().default(''),
    msgContent: text('msg_content').notNull().default(''),
    recipients: integer('recipients').array().notNull().default([]),
    url: text('url'),
  },
  (t) => [index('alert_actions_alert').on(t.alertId, t.position)],
);

/** What a pad of a status condition was when a notification was due: the message names it. */
export interface AlertPadState {
  id: number;
  name: string;
  status: string;
  /** Its last reading (ISO), null when it never reported. */
  lastSeen: string | null;
}

/**
 * Each notification of an alert that was sent (a trigger or a reminder), with what was measured when
 * it was due: a reminder says the value then, and the most messages per alert count these rows.
 */
export const alertNotifications = pgTable(
  'alert_notifications',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    logId: integer('log_id').notNull(),
    /** 1: the trigger; 2, 3 ...: the episode's reminders. */
    number: integer('number').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    metrics: jsonb('metrics').$type<Array<{ type: string; threshold: number; value: number }>>().notNull().default([]),
    pads: jsonb('pads').$type<AlertPadState[]>().notNull().default([]),
  },
  (t) => [index('alert_notifications_alert_at').on(t.alertId, t.at)],
);

/** The last time each device reported, kept after each committed batch (status conditions). */
export const deviceHeartbeats = pgTable(
  'device_heartbeats',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    installationId: integer('installation_id').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('device_heartbeats_installation').on(t.installationId, t.lastSeenAt)],
);

export type AlertRow = typeof alerts.$inferSelect;
export type AlertConditionRow = typeof alertConditions.$inferSelect;
export type AlertActionRow = typeof alertActions.$inferSelect;
export type AlertPlanningRow = typeof alertPlannings.$inferSelect;
export type AlertNotificationRow = typeof alertNotifications.$inferSelect;
