import { doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One sensor value. Idempotent on (target, metric, breakdown, time): a re-sent reading replaces itself.
 * breakdown is '' for the total, else "dimension:value" (gender:MALE, engagement:ENGAGED ...).
 */
export const readings = pgTable(
  'readings',
  {
    organizationId: integer('organization_id').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: integer('target_id').notNull(),
    metric: text('metric').notNull(),
    breakdown: text('breakdown').notNull().default(''),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [
    // The only index: every query fixes organization, target and metric (docs/decisions.md, "One index on readings").
    primaryKey({ columns: [t.organizationId, t.targetKind, t.targetId, t.metric, t.breakdown, t.ts] }),
  ],
);
