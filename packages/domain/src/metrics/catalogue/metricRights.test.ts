import { describe, expect, it } from 'vitest';
import { storedMetric } from '../storedMetrics.ts';
import { METRIC_CATALOGUE } from './metricCatalogue.ts';
import { canReadMetric, metricRight } from './metricRights.ts';
import { storedInputs } from './storedInputs.ts';

describe('metricRight', () => {
  it.each([
    ['turnover', 'salesData'],
    ['orders', 'salesData'],
    ['goodsSold', 'salesData'],
    ['basketPrice', 'salesData'],
    ['basketSize', 'salesData'],
    ['salesIndex', 'salesData'],
    ['salesConversion', 'salesData'],
    ['conversionRate', 'salesData'],
    ['visitorsIn', null],
    ['captureRate', null],
    ['co2', null],
    ['comfortScore', null],
  ])('%s needs %s', (metric, right) => {
    expect(metricRight(metric)).toBe(right);
  });

  it('is declared by every catalogue metric computed from sales, and by no other', () => {
    const fromSales = (id: string) => storedInputs(id).some((input) => storedMetric(input)?.family === 'sales');
    for (const metric of METRIC_CATALOGUE) expect([metric.id, metric.right ?? null]).toEqual([metric.id, fromSales(metric.id) ? 'salesData' : null]);
  });

  it('lets a caller read a metric only with its right', () => {
    expect(canReadMetric({ salesData: false }, 'turnover')).toBe(false);
    expect(canReadMetric({ salesData: true }, 'turnover')).toBe(true);
    expect(canReadMetric({ salesData: false }, 'visitorsIn')).toBe(true);
  });
});
