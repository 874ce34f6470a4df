import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { installations, zones } from '../installations/installations.tables.ts';

export interface AlertLogMetric {
  type: string;
  threshold: number;
  value: number;
}

/**
 * One triggered alert episode: what crossed which threshold, where and when (spec 001 §3 "Alert
 * log entry"). Written by alert evaluation; dateEnd stays null while the episode lasts.
 */
export const alertLogs = pgTable(
  'alert_logs',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    installationId: integer('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    /** The alert definition that fired (the alerts module's id), or null for built-in checks. */
    alertId: integer('alert_id'),
    /** e.g. ABOVE_THRESHOLD, OCCUPANCY_LIMIT. */
    conditionType: text('condition_type').notNull(),
    metrics: jsonb('metrics').$type<AlertLogMetric[]>().notNull(),
    dateBegin: timestamp('date_begin', { withTimezone: true }).notNull(),
    dateEnd: timestamp('date_end', { withTimezone: true }),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    passageId: integer('passage_id'),
    deviceId: integer('device_id'),
    message: text('message').notNull().default(''),
  },
  (t) => [
    index('alert_logs_org_begin').on(t.organizationId, t.dateBegin),
    index('alert_logs_zone_begin').on(t.zoneId, t.dateBegin),
    // An alert's open episode (at most one).
    index('alert_logs_alert_open').on(t.alertId).where(sql`${t.dateEnd} is null`),
  ],
);
