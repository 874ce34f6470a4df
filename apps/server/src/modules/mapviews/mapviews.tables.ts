import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { MapViewConfig } from '@sitelens/domain';
import { zones } from '../installations/installations.tables.ts';

/** One floor plan per zone (spec 001 §3 "Map view configuration"), as the renderer reads it. */
export const mapViewConfigs = pgTable('map_view_configs', {
  zoneId: integer('zone_id')
    .primaryKey()
    .references(() => zones.id, { onDelete: 'cascade' }),
  config: jsonb('config').$type<MapViewConfig>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
