import { describe, expect, it } from 'vitest';
import { STORED_METRICS, storedMetric } from '../storedMetrics.ts';
import { AGGREGATION_IDS } from './aggregations.ts';
import { METRIC_CATALOGUE } from './metricCatalogue.ts';
import { metricDefinition } from './metricLookup.ts';

const def = (id: string) => {
  const d = metricDefinition(id);
  if (!d) throw new Error(`no catalogue entry for ${id}`);
  return d;
};

// WCAG relative luminance and contrast against white; 3:1 is the floor for chart marks.
const channel = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const contrastOnWhite = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => channel(parseInt(hex.slice(i, i + 2), 16) / 255)) as [number, number, number];
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
};

/** Stored entries whose readings STORED_METRICS does not hold yet (identity, queue and Stop&Go sensors). */
const NOT_YET_STORED = ['uniqueVisitors', 'returningVisitors', 'abandonRate', 'walkThrough', 'refusalRate', 'uwbVisitorsIn', 'uwbVisitorsOut'];

describe('metric catalogue', () => {
  it.each(STORED_METRICS.map((s) => [s.id]))('reads the stored metric %s', (id) => {
    expect(def(id)).toMatchObject({ kind: 'stored', storedAs: id });
  });

  it.each(STORED_METRICS.map((s) => [s.id, s.unit]))('keeps the stored unit of %s (%s)', (id, unit) => {
    expect(def(id).unit).toBe(unit);
  });

  it.each(STORED_METRICS.map((s) => [s.id, s.family]))('splits the stored family of %s (%s) by utility only', (id, family) => {
    const f = def(id).family;
    expect(['water', 'heat', 'combustible'].includes(f) ? 'energy' : f).toBe(family);
  });

  it('names exactly the awaited stored metrics that STORED_METRICS lacks', () => {
    const missing = METRIC_CATALOGUE.filter((d) => d.kind === 'stored' && !storedMetric(d.storedAs ?? '')).map((d) => d.id);
    expect(missing.sort()).toEqual([...NOT_YET_STORED].sort());
  });

  it.each(METRIC_CATALOGUE.filter((d) => d.kind === 'derived').map((d) => [d.id, d]))('derives %s from catalogue metrics', (id, d) => {
    expect(d.derivation?.inputs.length).toBeGreaterThan(0);
    for (const input of d.derivation?.inputs ?? []) {
      expect(metricDefinition(input), `${id} <- ${input}`).toBeDefined();
      expect(input).not.toBe(id);
    }
    expect(d.storedAs).toBeUndefined();
  });

  it('has unique ids', () => {
    const ids = METRIC_CATALOGUE.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(METRIC_CATALOGUE.map((d) => [d.id, d]))('gives %s a readable colour, an icon and a known aggregation', (_id, d) => {
    expect(d.color).toMatch(/^#[0-9A-F]{6}$/);
    expect(contrastOnWhite(d.color)).toBeGreaterThanOrEqual(3);
    expect(d.icon).toMatch(/^Icon[A-Z][A-Za-z0-9]*$/);
    expect(AGGREGATION_IDS).toContain(d.defaultAggregation);
    expect(Number.isInteger(d.precision) && d.precision >= 0 && d.precision <= 3).toBe(true);
  });

  it.each(['counting', 'atmosphere', 'energy', 'water', 'combustible', 'heat', 'sales'])('gives each %s metric its own colour', (family) => {
    const colors = METRIC_CATALOGUE.filter((d) => d.family === family).map((d) => d.color);
    expect(colors.length).toBeGreaterThan(0);
    expect(new Set(colors).size).toBe(colors.length);
  });

  it.each<[string, number]>([
    ['groupSize', 1],
    ['humidity', 1],
    ['temperature', 1],
    ['pm25', 1],
    ['pm10', 1],
    ['waterConsumption', 1],
    ['basketSize', 1],
    ['captureRate', 2],
    ['conversionRate', 2],
    ['density', 2],
    ['pressure', 2],
    ['turnover', 2],
    ['electricityConsumptionEnergyEquivalent', 3],
    ['combustibleConsumptionEnergyEquivalent', 3],
    ['waterConsumptionCo2Equivalent', 3],
    ['heatConsumptionCo2EquivalentPerArea', 3],
    ['visitorsIn', 0],
    ['dwell', 0],
    ['co2', 0],
    ['luminosity', 0],
    ['orders', 0],
  ])('shows %s with %i decimals', (id, precision) => {
    expect(def(id).precision).toBe(precision);
  });

  it.each<[string, string | null]>([
    ['dwell', 's'],
    ['waitingTime', 's'],
    ['temperature', '°C'],
    ['humidity', '%RH'],
    ['co2', 'ppm'],
    ['tvoc', 'µg/m³'],
    ['pm25', 'µg/m³'],
    ['pm10', 'µg/m³'],
    ['luminosity', 'lx'],
    ['pressure', 'hPa'],
    ['density', 'p/m²'],
    ['electricityConsumption', 'kWh'],
    ['heatConsumptionEnergyEquivalent', 'kWh'],
    ['electricityConsumptionCo2Equivalent', 'kgCO2'],
    ['combustibleConsumptionCo2EquivalentPerArea', 'kgCO2/m²'],
    ['waterConsumption', 'm³'],
    ['combustibleConsumption', 'm³'],
    ['turnover', '€'],
    ['captureRate', '%'],
    ['visitorsIn', null],
  ])('measures %s in %s', (id, unit) => {
    expect(def(id).unit).toBe(unit);
  });

  it('scores comfort from 1 (very poor) to 5 (excellent) with a maximum of 5', () => {
    expect(def('comfortScore')).toMatchObject({
      maximum: 5,
      scale: { min: 1, max: 5, labels: [1, 2, 3, 4, 5].map((n) => `metrics.scale.comfort.${n}`) },
    });
  });

  it.each(METRIC_CATALOGUE.filter((d) => d.id.endsWith('Score') && d.id !== 'comfortScore').map((d) => [d.id, d]))(
    'scores %s from 1 to 3 with a maximum of 3',
    (_id, d) => {
      expect(d).toMatchObject({ maximum: 3, scale: { min: 1, max: 3, labels: [1, 2, 3].map((n) => `metrics.scale.general.${n}`) } });
    },
  );

  it.each(METRIC_CATALOGUE.map((d) => [d.id, d]))('%s ends its bars at 100 exactly when it is a percentage', (_id, d) => {
    expect(d.maximum === 'hundred').toBe(d.percentage === true);
  });

  it.each(METRIC_CATALOGUE.map((d) => [d.id, d]))('%s has an arbitrary zero exactly when it is in degrees Celsius', (_id, d) => {
    expect(d.arbitraryZero === true).toBe(d.unit === '°C');
    expect(d.arbitraryZero && d.percentage).toBeFalsy();
  });

  it.each(['electricity', 'water', 'heat', 'combustible'])('has the %s consumption variants of spec 001 §3', (utility) => {
    for (const suffix of ['', 'EnergyEquivalent', 'Co2Equivalent', 'PerArea', 'OnDay', 'OnInterval']) {
      expect(metricDefinition(`${utility}Consumption${suffix}`), `${utility}Consumption${suffix}`).toBeDefined();
    }
  });
});
