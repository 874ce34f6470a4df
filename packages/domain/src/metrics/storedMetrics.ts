/**
 * Metrics that sensors send and the readings table stores. Derived metrics (inside, density,
 * capture and conversion rates, comfort scores, equivalents) are computed from these by the engine.
 */
export type MetricFamily = 'counting' | 'atmosphere' | 'energy' | 'sales';
export type TargetKind = 'zone' | 'passage' | 'device';

/** How readings of a metric combine inside one time bucket. */
export type ReadingNature = 'count' | 'sample';

export interface StoredMetric {
  id: string;
  family: MetricFamily;
  unit: string | null;
  nature: ReadingNature;
  targets: readonly TargetKind[];
  /** Breakdown dimensions a reading of this metric may carry, besides the total (''). */
  breakdowns: readonly string[];
}

const m = (
  id: string,
  family: MetricFamily,
  unit: string | null,
  nature: ReadingNature,
  targets: readonly TargetKind[],
  breakdowns: readonly string[] = [],
): StoredMetric => ({ id, family, unit, nature, targets, breakdowns });

export const STORED_METRICS: readonly StoredMetric[] = [
  m('visitorsIn', 'counting', null, 'count', ['zone', 'passage'], ['gender', 'engagement', 'age']),
  m('visitorsOut', 'counting', null, 'count', ['zone', 'passage']),
  m('pedestrians', 'counting', null, 'count', ['zone', 'passage']),
  m('dwell', 'counting', 's', 'sample', ['zone']),
  m('groupCount', 'counting', null, 'count', ['zone']),
  m('groupSize', 'counting', null, 'sample', ['zone']),
  m('queueLength', 'counting', null, 'sample', ['zone']),
  m('waitingTime', 'counting', 's', 'sample', ['zone']),
  m('temperature', 'atmosphere', '°C', 'sample', ['device', 'zone']),
  m('humidity', 'atmosphere', '%RH', 'sample', ['device', 'zone']),
  m('co2', 'atmosphere', 'ppm', 'sample', ['device', 'zone']),
  m('tvoc', 'atmosphere', 'µg/m³', 'sample', ['device', 'zone']),
  m('pm25', 'atmosphere', 'µg/m³', 'sample', ['device', 'zone']),
  m('pm10', 'atmosphere', 'µg/m³', 'sample', ['device', 'zone']),
  m('hcho', 'atmosphere', 'µg/m³', 'sample', ['device', 'zone']),
  m('luminosity', 'atmosphere', 'lx', 'sample', ['device', 'zone']),
  m('pressure', 'atmosphere', 'hPa', 'sample', ['device', 'zone']),
  // The site's weather, not a room's air: stored on the site's top zone only (docs/decisions.md).
  m('outdoorTemperature', 'atmosphere', '°C', 'sample', ['zone']),
  m('electricityConsumption', 'energy', 'kWh', 'count', ['device', 'zone'], ['origin', 'use']),
  m('electricityProduction', 'energy', 'kWh', 'count', ['device', 'zone'], ['destination']),
  m('waterConsumption', 'energy', 'm³', 'count', ['device', 'zone'], ['waterTemperature']),
  m('heatConsumption', 'energy', 'kWh', 'count', ['device', 'zone']),
  m('combustibleConsumption', 'energy', 'm³', 'count', ['device', 'zone'], ['combustible']),
  m('turnover', 'sales', '€', 'count', ['zone']),
  m('orders', 'sales', null, 'count', ['zone']),
  m('goodsSold', 'sales', null, 'count', ['zone']),
];

/** Values a breakdown dimension may take; a reading's breakdown is "dimension:value" or '' for the total. */
export const BREAKDOWN_VALUES: Readonly<Record<string, readonly string[]>> = {
  gender: ['MALE', 'FEMALE', 'UNKNOWN'],
  engagement: ['ENGAGED', 'NOT_ENGAGED'],
  age: ['child', 'adult', 'unknown'],
  origin: ['grid', 'self'],
  destination: ['grid', 'self'],
  use: ['common', 'heating', 'tenants'],
  waterTemperature: ['HOT', 'COLD'],
  combustible: ['oil', 'gas', 'coal', 'wood'],
};

const byId = new Map(STORED_METRICS.map((s) => [s.id, s]));

export function storedMetric(id: string): StoredMetric | undefined {
  return byId.get(id);
}
