import type { GroupByType } from './groupByTypes.ts';

/**
 * Descriptors of spec 001 §3 (and the gender, engagement and age values of the filters): the names a
 * widget uses for one value of a breakdown. The totals map to the total reading (breakdown '').
 */
export interface Descriptor {
  /** Dimension in BREAKDOWN_VALUES. */
  breakdown: string;
  values: readonly string[];
  /** Names of the total; "total" and "all" both occur for the energy origin and destination. */
  totals: readonly string[];
}

export const DESCRIPTORS = {
  energyOrigin: { breakdown: 'origin', values: ['grid', 'self'], totals: ['total', 'all'] },
  energyDestination: { breakdown: 'destination', values: ['grid', 'self'], totals: ['total', 'all'] },
  combustibleType: { breakdown: 'combustible', values: ['oil', 'gas', 'coal', 'wood'], totals: [] },
  waterTemperature: { breakdown: 'waterTemperature', values: ['HOT', 'COLD'], totals: ['ALL'] },
  useType: { breakdown: 'use', values: ['common', 'heating', 'tenants'], totals: [] },
  gender: { breakdown: 'gender', values: ['MALE', 'FEMALE', 'UNKNOWN'], totals: ['ALL'] },
  engagement: { breakdown: 'engagement', values: ['ENGAGED', 'NOT_ENGAGED'], totals: ['ALL'] },
  ageCategory: { breakdown: 'age', values: ['child', 'adult', 'unknown'], totals: ['all'] },
} as const satisfies Partial<Record<GroupByType, Descriptor>>;

export type DescriptorGroup = keyof typeof DESCRIPTORS;

/**
 * The breakdown key a reading carries for a descriptor: "origin:grid", '' for a total, undefined for
 * a name the group does not know.
 */
export function descriptorBreakdown(group: DescriptorGroup, descriptor: string): string | undefined {
  const d: Descriptor = DESCRIPTORS[group];
  if (d.totals.includes(descriptor)) return '';
  return d.values.includes(descriptor) ? `${d.breakdown}:${descriptor}` : undefined;
}
