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
  /**
   * The plausible values of one reading, [min, max] inclusive: beyond them a sensor is broken or the
   * value is an attack. Small enough that no sum of a year of readings nears the float limits.
   */
  range: readonly [number, number];
  /**
   * False for event sums written per quarter hour that fill about one quarter hour per hour (the
   * sales import's receipts): an hour rollup of them would be as large as their readings and save
   * nothing, so the engine keeps none and answers their hours from the readings (days and months
   * are rolled up as for every metric). See docs/decisions.md, "No hour rollup for sales metrics".
   */
  hourRollup: boolean;
}

const m = (
  id: string,
  family: MetricFamily,
  unit: string | null,
  nature: ReadingNature,
  targets: readonly TargetKind[],
  range: readonly [number, number],
  breakdowns: readonly string[] = [],
): StoredMetric => ({ id, family, unit, nature, targets, breakdowns, range, hourRollup: true });

/** A metric without hour rollup (see StoredMetric.hourRollup). */
const withoutHourRollup = (metric: StoredMetric): StoredMetric => ({ ...metric, hourRollup: false });

// Bounds of one reading (one sensor's report, at most an hour or so of counting).
const PEOPLE: readonly [number, number] = [0, 1_000_000];
const DURATION_S: readonly [number, number] = [0, 7 * 86_400];
const PARTICLES: readonly [number, number] = [0, 100_000];
const ENERGY_KWH: readonly [number, number] = [0, 1e9];
const VOLUME_M3: readonly [number, number] = [0, 1e8];

export const STORED_METRICS: readonly StoredMetric[] = [
  m('visitorsIn', 'counting', null, 'count', ['zone', 'passage'], PEOPLE, ['gender', 'engagement', 'age']),
  m('visitorsOut', 'counting', null, 'count', ['zone', 'passage'], PEOPLE),
  m('pedestrians', 'counting', null, 'count', ['zone', 'passage'], PEOPLE),
  m('dwell', 'counting', 's', 'sample', ['zone'], DURATION_S),
  m('groupCount', 'counting', null, 'count', ['zone'], PEOPLE),
  m('groupSize', 'counting', null, 'sample', ['zone'], [0, 10_000]),
  m('queueLength', 'counting', null, 'sample', ['zone'], [0, 100_000]),
  m('waitingTime', 'counting', 's', 'sample', ['zone'], DURATION_S),
  m('temperature', 'atmosphere', '°C', 'sample', ['device', 'zone'], [-100, 200]),
  m('humidity', 'atmosphere', '%RH', 'sample', ['device', 'zone'], [0, 100]),
  m('co2', 'atmosphere', 'ppm', 'sample', ['device', 'zone'], [0, 100_000]),
  m('tvoc', 'atmosphere', 'µg/m³', 'sample', ['device', 'zone'], PARTICLES),
  m('pm25', 'atmosphere', 'µg/m³', 'sample', ['device', 'zone'], PARTICLES),
  m('pm10', 'atmosphere', 'µg/m³', 'sample', ['device', 'zone'], PARTICLES),
  m('hcho', 'atmosphere', 'µg/m³', 'sample', ['device', 'zone'], PARTICLES),
  m('luminosity', 'atmosphere', 'lx', 'sample', ['device', 'zone'], [0, 1_000_000]),
  m('pressure', 'atmosphere', 'hPa', 'sample', ['device', 'zone'], [0, 2_000]),
  // The site's weather, not a room's air: stored on the site's top zone only (docs/decisions.md).
  m('outdoorTemperature', 'atmosphere', '°C', 'sample', ['zone'], [-100, 70]),
  m('electricityConsumption', 'energy', 'kWh', 'count', ['device', 'zone'], ENERGY_KWH, ['origin', 'use']),
  m('electricityProduction', 'energy', 'kWh', 'count', ['device', 'zone'], ENERGY_KWH, ['destination']),
  m('waterConsumption', 'energy', 'm³', 'count', ['device', 'zone'], VOLUME_M3, ['waterTemperature']),
  m('heatConsumption', 'energy', 'kWh', 'count', ['device', 'zone'], ENERGY_KWH),
  m('combustibleConsumption', 'energy', 'm³', 'count', ['device', 'zone'], VOLUME_M3, ['combustible']),
  withoutHourRollup(m('turnover', 'sales', '€', 'count', ['zone'], [0, 1e12])),
  withoutHourRollup(m('orders', 'sales', null, 'count', ['zone'], PEOPLE)),
  withoutHourRollup(m('goodsSold', 'sales', null, 'count', ['zone'], [0, 1e9])),
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

/** Ids of the metrics the engine keeps no hour rollup for (StoredMetric.hourRollup false). */
export const METRICS_WITHOUT_HOUR_ROLLUP: readonly string[] = STORED_METRICS.filter((s) => !s.hourRollup).map((s) => s.id);

const byId = new Map(STORED_METRICS.map((s) => [s.id, s]));

export function storedMetric(id: string): StoredMetric | undefined {
  return byId.get(id);
}
