import { date, doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rollups of readings, kept exact on every write (see rollups.refresh.ts). Each holds what sum, count,
 * min, max and average need. Median and percentiles over whole business days read each day's sorted
 * values (rollup_day_values, sampled metrics); first, last and sub-day percentiles read raw readings.
 * Hours follow the local clock of the target's installation (so +05:30 zones have :30 hours);
 * days are business days (starting at the change-of-day time); months group those days.
 */
const stats = {
  organizationId: integer('organization_id').notNull(),
  targetKind: text('target_kind').notNull(),
  targetId: integer('target_id').notNull(),
  metric: text('metric').notNull(),
  breakdown: text('breakdown').notNull(),
  sum: doublePrecision('sum').notNull(),
  count: integer('count').notNull(),
  min: doublePrecision('min').notNull(),
  max: doublePrecision('max').notNull(),
};

export const rollupHour = pgTable(
  'rollup_hour',
  { ...stats, bucket: timestamp('bucket', { withTimezone: true }).notNull() },
  (t) => [primaryKey({ columns: [t.organizationId, t.targetKind, t.targetId, t.metric, t.breakdown, t.bucket] })],
);

export const rollupDay = pgTable(
  'rollup_day',
  { ...stats, day: date('day').notNull() },
  (t) => [primaryKey({ columns: [t.organizationId, t.targetKind, t.targetId, t.metric, t.breakdown, t.day] })],
);

export const rollupMonth = pgTable(
  'rollup_month',
  { ...stats, month: date('month').notNull() },
  (t) => [primaryKey({ columns: [t.organizationId, t.targetKind, t.targetId, t.metric, t.breakdown, t.month] })],
);

/**
 * Every value of a business day, sorted, for the sampled metrics (temperature, CO2 ...; not counts):
 * median and percentiles per day, week, month or range read one row per target and day and stay
 * exactly what percentile_cont over the raw readings gives (docs/decisions.md, "Percentiles").
 */
export const rollupDayValues = pgTable(
  'rollup_day_values',
  {
    organizationId: stats.organizationId,
    targetKind: stats.targetKind,
    targetId: stats.targetId,
    metric: stats.metric,
    breakdown: stats.breakdown,
    day: date('day').notNull(),
    samples: doublePrecision('samples').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.targetKind, t.targetId, t.metric, t.breakdown, t.day] })],
);
