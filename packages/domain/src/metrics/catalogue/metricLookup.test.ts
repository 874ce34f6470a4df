import { describe, expect, it } from 'vitest';
import { COMFORT_SCALE, GENERAL_SCALE } from './metricDefinition.ts';
import { isPercentageMetric, metricDefinition, metricsOfFamily, progressMaximum, scaleOf } from './metricLookup.ts';

describe('progressMaximum', () => {
  it.each<[string, string, number[], number]>([
    ['percentages end at 100', 'captureRate', [12, 40], 100],
    ['abandon rate', 'abandonRate', [3], 100],
    ['popularity', 'popularity', [80, 90], 100],
    ['humidity', 'humidity', [45.2, 61], 100],
    ['refusal rate', 'refusalRate', [], 100],
    ['conversion rate', 'conversionRate', [1], 100],
    ['counts end at their sum', 'visitorsIn', [120, 30, 50], 200],
    ['energy ends at its sum', 'electricityConsumption', [1.5, 2.5], 4],
    ['dwell ends at its longest', 'dwell', [300, 1200, 45], 1200],
    ['waiting time', 'waitingTime', [60, 30], 60],
    ['comfort ends at 5', 'comfortScore', [2, 4], 5],
    ['a general score ends at 3', 'co2Score', [1], 3],
    ['missing values are left out', 'visitorsIn', [10, Number.NaN, 5], 15],
    ['no value gives 0', 'dwell', [], 0],
    ['an unknown metric takes the largest value', 'noSuchMetric', [3, 9, 4], 9],
  ])('%s (%s)', (_name, id, values, expected) => {
    expect(progressMaximum(id, values)).toBe(expected);
  });
});

describe('metric lookup', () => {
  it.each<[string, boolean]>([
    ['captureRate', true],
    ['conversionRate', true],
    ['salesConversion', true],
    ['humidity', true],
    ['visitorsIn', false],
    ['temperature', false],
    ['occupancy', false],
    ['noSuchMetric', false],
  ])('isPercentageMetric(%s) is %s', (id, expected) => {
    expect(isPercentageMetric(id)).toBe(expected);
  });

  it.each([
    ['comfortScore', COMFORT_SCALE],
    ['temperatureScore', GENERAL_SCALE],
    ['temperature', undefined],
  ])('scaleOf(%s)', (id, scale) => {
    expect(scaleOf(id)).toEqual(scale);
  });

  it('lists a family and nothing else', () => {
    const water = metricsOfFamily('water');
    expect(water.map((d) => d.id)).toContain('waterConsumptionCo2Equivalent');
    expect(water.every((d) => d.family === 'water')).toBe(true);
    expect(metricsOfFamily('sales').map((d) => d.id)).toEqual(['turnover', 'orders', 'goodsSold', 'basketPrice', 'basketSize', 'salesIndex', 'salesConversion']);
  });

  it('knows no metric by an unknown id', () => {
    expect(metricDefinition('noSuchMetric')).toBeUndefined();
  });
});
