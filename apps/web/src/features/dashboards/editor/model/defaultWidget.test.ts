import { describe, expect, it } from 'vitest';
import { defaultWidget, metricsOfFamilies } from './defaultWidget.ts';

describe('a new widget', () => {
  it.each([
    ['counting site, line chart: hourly visitors', 'lineChart', ['counting'], { type: 'visitorsIn', granularity: 3600, groupBy: { type: 'date', aggregation: 'sum' } }],
    ['air-quality site, line chart: averaged CO2', 'lineChart', ['atmosphere'], { type: 'co2', granularity: 3600, groupBy: { type: 'date', aggregation: 'average' } }],
    ['key figures: the metric alone', 'kpis', ['counting'], { type: 'visitorsIn' }],
    ['a site without families: visitors', 'columnChart', [], { type: 'visitorsIn', groupBy: { type: 'discontinuousDate', variant: 'weekday', aggregation: 'sum' } }],
  ] as const)('%s', (_, type, families, metric) => {
    const w = defaultWidget(type, { topZoneId: 3, siteMetrics: metricsOfFamilies(families), title: 'New' });
    expect(w.metrics).toEqual([metric]);
    expect(w.title).toBe('New');
  });

  it('needs no metric for the weather and targets the top zone for a heat map', () => {
    expect(defaultWidget('weather', { topZoneId: 3, siteMetrics: [], title: 'W' }).metrics).toEqual([]);
    expect(defaultWidget('heatmap', { topZoneId: 3, siteMetrics: [], title: 'H' }).zoneIds).toEqual([3]);
  });
});
