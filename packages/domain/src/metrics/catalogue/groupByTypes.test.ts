import { describe, expect, it } from 'vitest';
import { BREAKDOWN_VALUES, STORED_METRICS } from '../storedMetrics.ts';
import { DESCRIPTORS, type DescriptorGroup, descriptorBreakdown } from './descriptors.ts';
import { DISCONTINUOUS_DATE_VARIANTS, GROUP_BY_TYPES, isGroupByType } from './groupByTypes.ts';
import { metricDefinition } from './metricLookup.ts';

const SPEC_GROUP_BYS = [
  'date', 'tagCategory', 'tag', 'zone', 'all', 'gender', 'passage', 'device', 'zoneId', 'engagement', 'groupSize',
  'ageCategory', 'limit', 'discontinuousDate', 'energyOrigin', 'energyDestination', 'combustibleType', 'waterTemperature', 'useType',
];

describe('group-by types', () => {
  it('are the group-by types of spec 001 §3', () => {
    expect(Object.keys(GROUP_BY_TYPES).sort()).toEqual([...SPEC_GROUP_BYS].sort());
  });

  it.each(Object.entries(GROUP_BY_TYPES).flatMap(([id, d]) => (d.kind === 'breakdown' ? [[id, d.breakdown]] : [])))(
    '%s reads the stored breakdown %s',
    (_id, breakdown) => {
      expect(BREAKDOWN_VALUES[breakdown]).toBeDefined();
      expect(STORED_METRICS.some((s) => s.breakdowns.includes(breakdown))).toBe(true);
    },
  );

  it('reaches every stored breakdown dimension', () => {
    const read = Object.values(GROUP_BY_TYPES).flatMap((d) => (d.kind === 'breakdown' ? [d.breakdown] : []));
    expect(read.sort()).toEqual(Object.keys(BREAKDOWN_VALUES).sort());
  });

  it('groups by the value of a catalogue metric', () => {
    expect(metricDefinition(GROUP_BY_TYPES.groupSize.metric)).toBeDefined();
  });

  it.each<[string, number]>([
    ['weekday', 7],
    ['weekend', 2],
    ['weekly', 53],
    ['monthly', 12],
  ])('folds discontinuous dates %s into %i buckets', (variant, buckets) => {
    expect(DISCONTINUOUS_DATE_VARIANTS[variant as keyof typeof DISCONTINUOUS_DATE_VARIANTS].buckets).toBe(buckets);
  });

  it('rejects an unknown group-by', () => {
    expect(isGroupByType('date')).toBe(true);
    expect(isGroupByType('toString')).toBe(false);
  });
});

describe('descriptors', () => {
  it.each(Object.entries(DESCRIPTORS))('%s names only stored breakdown values', (group, d) => {
    expect(GROUP_BY_TYPES[group as DescriptorGroup]).toEqual({ kind: 'breakdown', breakdown: d.breakdown });
    expect([...d.values].sort()).toEqual([...(BREAKDOWN_VALUES[d.breakdown] ?? [])].sort());
  });

  it.each<[DescriptorGroup, string, string | undefined]>([
    ['energyOrigin', 'grid', 'origin:grid'],
    ['energyOrigin', 'self', 'origin:self'],
    ['energyOrigin', 'total', ''],
    ['energyOrigin', 'all', ''],
    ['energyDestination', 'self', 'destination:self'],
    ['combustibleType', 'wood', 'combustible:wood'],
    ['waterTemperature', 'HOT', 'waterTemperature:HOT'],
    ['waterTemperature', 'ALL', ''],
    ['useType', 'tenants', 'use:tenants'],
    ['gender', 'ALL', ''],
    ['engagement', 'NOT_ENGAGED', 'engagement:NOT_ENGAGED'],
    ['ageCategory', 'child', 'age:child'],
    ['combustibleType', 'petrol', undefined],
    ['waterTemperature', 'hot', undefined],
  ])('%s %s reads breakdown %j', (group, descriptor, breakdown) => {
    expect(descriptorBreakdown(group, descriptor)).toBe(breakdown);
  });
});
