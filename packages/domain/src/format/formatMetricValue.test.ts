import { describe, expect, it } from 'vitest';
import { METRIC_CATALOGUE } from '../metrics/catalogue/metricCatalogue.ts';
import { formatMetricValue, metricDecimals, metricUnit } from './formatMetricValue.ts';

const en = { locale: 'en' };
const co2 = 'electricityConsumptionCo2Equivalent';
const co2PerArea = 'electricityConsumptionCo2EquivalentPerArea';

describe('metricDecimals', () => {
  it.each<[string, number]>([
    ['visitorsIn', 0],
    ['groupSize', 1],
    ['humidity', 1],
    ['temperature', 1],
    ['pm25', 1],
    ['waterConsumption', 1],
    ['basketSize', 1],
    ['captureRate', 2],
    ['density', 2],
    ['pressure', 2],
    ['turnover', 2],
    ['electricityConsumptionEnergyEquivalent', 3],
    [co2, 3],
    ['co2', 0],
    ['comfortScore', 0],
    ['noSuchMetric', 0],
  ])('%s → %d', (id, decimals) => {
    expect(metricDecimals(id)).toBe(decimals);
  });

  it('gives every metric in % of the catalogue 2 decimals', () => {
    const percentages = METRIC_CATALOGUE.filter((d) => d.unit === '%');
    expect(percentages.length).toBeGreaterThanOrEqual(6);
    for (const d of percentages) expect(metricDecimals(d.id), d.id).toBe(2);
  });
});

describe('metricUnit', () => {
  it.each<[string, string | null]>([
    ['temperature', '°C'],
    ['dwell', 's'],
    ['visitorsIn', null],
    [co2PerArea, 'kgCO2/m²'],
    ['noSuchMetric', null],
  ])('%s → %s', (id, unit) => {
    expect(metricUnit(id)).toBe(unit);
  });
});

describe('formatMetricValue', () => {
  it.each<[string, number, string]>([
    ['visitorsIn', 1234, '1,234'],
    ['visitorsIn', 12.6, '13'],
    ['temperature', 21.44, '21.4 °C'],
    ['temperature', 21, '21.0 °C'],
    ['temperature', -3.25, '-3.3 °C'],
    ['humidity', 45.55, '45.6 %RH'],
    ['captureRate', 12.345, '12.35%'],
    ['density', 0.456, '0.46 p/m²'],
    ['co2', 612.4, '612 ppm'],
    ['turnover', 1999.999, '€2,000.00'],
    ['electricityConsumption', 1.23456, '1.235 kWh'],
    ['comfortScore', 4, '4'],
    ['noSuchMetric', 3.7, '4'],
  ])('%s %d → %s', (id, value, expected) => {
    expect(formatMetricValue(id, value, en)).toBe(expected);
  });

  it.each([null, undefined, Number.NaN, Number.NEGATIVE_INFINITY])('shows "-" for %s', (v) => {
    expect(formatMetricValue('temperature', v, en)).toBe('-');
  });

  it('shows "0" with the unit for zero and for values that round to zero, never "-0"', () => {
    expect(formatMetricValue('temperature', 0, en)).toBe('0 °C');
    expect(formatMetricValue('temperature', -0.04, en)).toBe('0 °C');
    expect(formatMetricValue('visitorsIn', 0.2, en)).toBe('0');
    expect(formatMetricValue('captureRate', 0, { ...en, hideUnit: true })).toBe('0');
  });

  it('hides the unit on request', () => {
    expect(formatMetricValue('temperature', 21.44, { ...en, hideUnit: true })).toBe('21.4');
    expect(formatMetricValue(co2, 2500, { ...en, hideUnit: true })).toBe('2.500');
  });

  it('uses the locale separators', () => {
    expect(formatMetricValue('turnover', 1234.5, { locale: 'de' })).toBe('1.234,50\u00a0€');
    expect(formatMetricValue('temperature', 21.44, { locale: 'fr' })).toBe('21,4 °C');
    expect(formatMetricValue('temperature', 21.44, { locale: 'not a locale!' })).toBe('21.4 °C');
  });

  it('shows CO2 equivalents in kg below 1000 and in t from 1000', () => {
    expect(formatMetricValue(co2, 999.5, en)).toBe('999.500 kgCO2');
    expect(formatMetricValue(co2, 999.9994, en)).toBe('999.999 kgCO2');
    // Rounds to 1000.000 kg: shown as tonnes, never "1,000.000 kgCO2".
    expect(formatMetricValue(co2, 999.9996, en)).toBe('1.000 tCO2');
    expect(formatMetricValue(co2, 1000, en)).toBe('1.000 tCO2');
    expect(formatMetricValue(co2, 123_456.7, en)).toBe('123.457 tCO2');
    expect(formatMetricValue(co2, -1500, en)).toBe('-1.500 tCO2');
    expect(formatMetricValue(co2, -999, en)).toBe('-999.000 kgCO2');
  });

  it('adds /m² to per-area CO2 equivalents in kg and t', () => {
    expect(formatMetricValue(co2PerArea, 0.5, en)).toBe('0.500 kgCO2/m²');
    expect(formatMetricValue(co2PerArea, 1200, en)).toBe('1.200 tCO2/m²');
    expect(formatMetricValue(co2, 1200, { ...en, perArea: true })).toBe('1.200 tCO2/m²');
  });

  it('adds /m² once when the value is per area', () => {
    expect(formatMetricValue('electricityConsumption', 2, { ...en, perArea: true })).toBe('2.000 kWh/m²');
    expect(formatMetricValue('electricityConsumptionPerArea', 2, { ...en, perArea: true })).toBe('2.000 kWh/m²');
    expect(formatMetricValue('visitorsIn', 2, { ...en, perArea: true })).toBe('2 /m²');
  });

  it('formats durations as h m s whatever the unit option', () => {
    expect(formatMetricValue('dwell', 3600, en)).toBe('1h');
    expect(formatMetricValue('waitingTime', 59, en)).toBe('59s');
    expect(formatMetricValue('dwell', 0, en)).toBe('0');
    expect(formatMetricValue('dwell', null, en)).toBe('-');
  });

  it('writes percentages and money the language’s way, other units after a space', () => {
    expect(formatMetricValue('captureRate', 14.52, { locale: 'fr' })).toBe('14,52\u00a0%');
    expect(formatMetricValue('basketPrice', 89.72, { locale: 'fr' })).toBe('89,72\u00a0€');
    expect(formatMetricValue('basketPrice', 89.72, en)).toBe('€89.72');
    expect(formatMetricValue('turnover', 0, en)).toBe('€0');
    expect(formatMetricValue('turnover', 2, { ...en, perArea: true })).toBe('€2.00/m²');
    expect(formatMetricValue('turnover', 2, { ...en, hideUnit: true })).toBe('2.00');
    expect(formatMetricValue('humidity', 45.55, { locale: 'fr' })).toBe('45,6 %RH');
  });

  it('shows a score out of its scale on request, and takes other decimals on request', () => {
    expect(formatMetricValue('comfortScore', 4, { ...en, outOfScale: true })).toBe('4 / 5');
    expect(formatMetricValue('co2Score', 2, { ...en, outOfScale: true })).toBe('2 / 3');
    expect(formatMetricValue('comfortScore', null, { ...en, outOfScale: true })).toBe('-');
    expect(formatMetricValue('temperature', 21, { ...en, outOfScale: true })).toBe('21.0 °C');
    expect(formatMetricValue('comfortScore', 0.34, { ...en, decimals: 1 })).toBe('0.3');
  });

  it('shows a percentage widget value with 2 decimals and %', () => {
    expect(formatMetricValue('visitorsIn', 33.3333, { ...en, isPercentage: true })).toBe('33.33%');
    expect(formatMetricValue(co2, 1500, { ...en, isPercentage: true })).toBe('1,500.00%');
    expect(formatMetricValue('dwell', 50, { ...en, isPercentage: true, hideUnit: true })).toBe('50.00');
  });
});

describe('formatMetricValue for axis ticks (trimZeros)', () => {
  it.each<[string, number, string]>([
    ['electricityConsumption', 2000, '2,000 kWh'],
    ['electricityConsumption', 2.5, '2.5 kWh'],
    ['electricityConsumption', 0.125, '0.125 kWh'],
    ['temperature', 21, '21 °C'],
    ['electricityConsumptionCo2Equivalent', 1500, '1.5 tCO2'],
  ])('%s %d reads %s', (metric, value, text) => {
    expect(formatMetricValue(metric, value, { locale: 'en', trimZeros: true })).toBe(text);
  });
  it('keeps the full precision elsewhere', () => {
    expect(formatMetricValue('electricityConsumption', 2000, { locale: 'en' })).toBe('2,000.000 kWh');
  });
});
