import type { TargetKind } from '../storedMetrics.ts';

/**
 * Group-by types of spec 001 §3 and what each reads. Breakdown names are the dimensions of
 * BREAKDOWN_VALUES in storedMetrics.ts.
 */
export type GroupByDimension =
  | { kind: 'time' }
  | { kind: 'discontinuousTime' }
  | { kind: 'breakdown'; breakdown: string }
  | { kind: 'target'; target: TargetKind; withDependents: boolean }
  | { kind: 'zoneTag'; by: 'tag' | 'category' }
  | { kind: 'whole' }
  | { kind: 'metricValue'; metric: string }
  | { kind: 'rank' };

export const GROUP_BY_TYPES = {
  date: { kind: 'time' },
  discontinuousDate: { kind: 'discontinuousTime' },
  tagCategory: { kind: 'zoneTag', by: 'category' },
  tag: { kind: 'zoneTag', by: 'tag' },
  // zone folds in the zone's dependent zones (as the zone filter does); zoneId keeps each zone's own readings.
  zone: { kind: 'target', target: 'zone', withDependents: true },
  zoneId: { kind: 'target', target: 'zone', withDependents: false },
  passage: { kind: 'target', target: 'passage', withDependents: false },
  device: { kind: 'target', target: 'device', withDependents: false },
  all: { kind: 'whole' },
  gender: { kind: 'breakdown', breakdown: 'gender' },
  engagement: { kind: 'breakdown', breakdown: 'engagement' },
  ageCategory: { kind: 'breakdown', breakdown: 'age' },
  energyOrigin: { kind: 'breakdown', breakdown: 'origin' },
  energyDestination: { kind: 'breakdown', breakdown: 'destination' },
  combustibleType: { kind: 'breakdown', breakdown: 'combustible' },
  waterTemperature: { kind: 'breakdown', breakdown: 'waterTemperature' },
  useType: { kind: 'breakdown', breakdown: 'use' },
  // One group per group size value (groups of 1, 2, 3 … people).
  groupSize: { kind: 'metricValue', metric: 'groupSize' },
  // The first N groups after sorting (the widget metric's limit).
  limit: { kind: 'rank' },
} as const satisfies Record<string, GroupByDimension>;

export type GroupByType = keyof typeof GROUP_BY_TYPES;

/**
 * Discontinuous dates fold the calendar into repeating buckets, whatever the year: day of the week
 * (Monday first), working days against the weekend, week of the year, month of the year.
 */
export const DISCONTINUOUS_DATE_VARIANTS = {
  weekday: { fold: 'dayOfWeek', buckets: 7 },
  weekend: { fold: 'workdayOrWeekend', buckets: 2 },
  weekly: { fold: 'isoWeekOfYear', buckets: 53 },
  monthly: { fold: 'monthOfYear', buckets: 12 },
} as const;

export type DiscontinuousDateVariant = keyof typeof DISCONTINUOUS_DATE_VARIANTS;

export function isGroupByType(value: string): value is GroupByType {
  return Object.hasOwn(GROUP_BY_TYPES, value);
}
