import { describe, expect, it } from 'vitest';
import { barChartHeight, DEFAULT_CHART_HEIGHT, metricDefinition } from '@sitelens/domain';
import { chartData } from './chartData.ts';
import { barHeight, cartesianHeight, circleHeight, gridChartHeight, progressChartHeight } from './chartHeights.ts';
import { hourly, keyed, result, testEnv, testWidget, total } from './testFixtures.ts';

describe('chartData', () => {
  it('writes days in the user date format and the site time zone', () => {
    const widget = testWidget('columnChart', [{ type: 'visitorsIn', granularity: 86400 }]);
    // Midnight in New York is 05:00Z: the day is the 2nd there, whatever the browser's zone.
    const answer = [result('visitorsIn', [{ key: 'all', label: 'all', points: [{ t: '2026-03-02T05:00:00.000Z', key: null, value: 3 }] }])];
    expect(chartData(widget, answer, testEnv({ timeZone: 'America/New_York', dateFormat: 'MM/DD/YYYY' })).categories[0]!.label).toBe('03/02/2026');
    expect(chartData(widget, answer, testEnv({ timeZone: 'Asia/Kolkata', dateFormat: 'DD.MM.YYYY' })).categories[0]!.label).toBe('02.03.2026');
  });

  it('writes date and time for hours over several days, months as month and year', () => {
    const widget = testWidget('lineChart', ['visitorsIn']);
    const days = chartData(widget, [result('visitorsIn', [hourly('all', 'all', Array.from({ length: 30 }, () => 1))])], testEnv());
    expect(days.categories[0]!.label).toBe('02/03/2026 08:00');
    const monthly = testWidget('lineChart', [{ type: 'visitorsIn', granularity: 2592000 }]);
    const months = chartData(monthly, [result('visitorsIn', [{ key: 'all', label: 'all', points: [{ t: '2026-02-28T23:00:00.000Z', key: null, value: 1 }] }])], testEnv({ dateFormat: 'YYYY-MM-DD' }));
    expect(months.categories[0]!.label).toBe('2026-03');
  });

  it('aligns series on the union of their buckets and counts the values drawn', () => {
    const widget = testWidget('lineChart', ['visitorsIn', 'visitorsOut']);
    const data = chartData(widget, [result('visitorsIn', [hourly('all', 'all', [1, 2])]), result('visitorsOut', [hourly('all', 'all', [null, 4, 5])])], testEnv());
    expect(data.categories).toHaveLength(3);
    expect(data.series.map((s) => s.values)).toEqual([
      [1, 2, null],
      [null, 4, 5],
    ]);
    expect(data.points).toBe(4);
    expect(data.series.map((s) => s.color)).toEqual([metricDefinition('visitorsIn')!.color, metricDefinition('visitorsOut')!.color]);
  });

  it('names series by target and metric when several metrics are split, and keeps colours distinct', () => {
    const widget = testWidget('columnChart', ['visitorsIn', 'visitorsOut']);
    const data = chartData(widget, [result('visitorsIn', [total('1', 'Hall', 1), total('2', 'Shop', 2)]), result('visitorsOut', [total('1', 'Hall', 1)])], testEnv());
    expect(data.series.map((s) => s.name)).toEqual(['Hall · metric:visitorsIn', 'Shop · metric:visitorsIn', 'Hall · metric:visitorsOut']);
    expect(new Set(data.series.map((s) => s.color)).size).toBe(3);
  });

  it('uses the metric label and custom titles of the widget', () => {
    const widget = testWidget('lineChart', [{ type: 'visitorsIn', configuration: { label: 'Entries', color: '#123456' }, customTitles: { '7': 'North door' } }]);
    const data = chartData(widget, [result('visitorsIn', [total('all', 'all', 1), total('7', 'Door 7', 2)])], testEnv());
    expect(data.series.map((s) => [s.name, s.color])).toEqual([
      ['Entries', '#123456'],
      ['North door', expect.any(String)],
    ]);
  });

  it('matches answers to metrics when "inside" was left out of the request', () => {
    const widget = testWidget('lineChart', ['inside', { type: 'visitorsIn', configuration: { label: 'Entries' } }]);
    expect(chartData(widget, [result('visitorsIn', [total('all', 'all', 1)])], testEnv()).series[0]!.name).toBe('Entries');
  });
});

describe('chart heights', () => {
  const perZone = (n: number) => [result('visitorsIn', [keyed('all', 'all', Object.fromEntries(Array.from({ length: n }, (_, i) => [`Z${i}`, i])))])];

  it('gives bar charts 50 px a bar (spec 001 §9 rules), at most 550', () => {
    const widget = testWidget('barChart', ['visitorsIn']);
    expect(barHeight(widget, perZone(3))).toBe(barChartHeight(3));
    expect(barHeight(widget, perZone(9))).toBe(450);
    expect(barHeight(widget, perZone(30))).toBe(550);
    const stacked = testWidget('barChart', ['visitorsIn'], { stacked: true });
    expect(barHeight(stacked, perZone(4))).toBe(barChartHeight(4, true));
  });

  it('counts a bar per shown series in each category of unstacked bars', () => {
    const widget = testWidget('barChart', ['visitorsIn']);
    const twoSeries = [result('visitorsIn', [keyed('1', 'A', { x: 1, y: 2, z: 3, w: 4, v: 5 }), keyed('2', 'B', { x: 1, y: 2, z: 3, w: 4, v: 5 })])];
    expect(barHeight(widget, twoSeries)).toBe(500);
  });

  it('sizes the other charts', () => {
    expect(cartesianHeight(testWidget('lineChart', ['visitorsIn']))).toBe(DEFAULT_CHART_HEIGHT);
    expect(cartesianHeight(testWidget('lineChart', ['visitorsIn', 'co2', 'temperature'], { isMultiChart: true }))).toBeGreaterThan(DEFAULT_CHART_HEIGHT);
    const six = [result('visitorsIn', Array.from({ length: 6 }, (_, i) => total(String(i), `Z${i}`, i)))];
    expect(circleHeight(testWidget('circleChart', ['visitorsIn']), six)).toBe(2 * circleHeight(testWidget('circleChart', ['visitorsIn']), [result('visitorsIn', [total('all', 'all', 1)])]));
    expect(progressChartHeight(testWidget('progressBarChart', ['visitorsIn']), six)).toBeLessThan(progressChartHeight(testWidget('progressBarChart', ['visitorsIn']), [result('visitorsIn', Array.from({ length: 12 }, (_, i) => total(String(i), `Z${i}`, i)))]));
    const hourlyGrid = testWidget('gridChart', [{ type: 'visitorsIn', granularity: 3600 }]);
    const week = [result('visitorsIn', [hourly('all', 'all', Array.from({ length: 7 * 24 }, () => 1))])];
    expect(gridChartHeight(hourlyGrid, week)).toBe(gridChartHeight(hourlyGrid, [result('visitorsIn', Array.from({ length: 7 }, (_, i) => keyed(String(i), 'x', { a: 1 })))]));
    expect(gridChartHeight(hourlyGrid, [result('visitorsIn', [hourly('all', 'all', [1, 2])])])).toBeLessThan(gridChartHeight(hourlyGrid, week));
  });
});

describe('widgets comparing groups', () => {
  const perZone = testWidget('barChart', [{ type: 'visitorsIn', groupBy: { type: 'zone', aggregation: 'sum' } }]);
  // The engine answers a zone group-by hour by hour when no granularity is asked.
  const answer = [result('visitorsIn', [hourly('5', 'Shoes', [10, 20, 5]), hourly('6', 'Books', [3, null, 4])])];

  it('draws a bar per zone with its total over the hours', async () => {
    const { cartesianOption } = await import('./cartesianOption.ts');
    const env = testEnv();
    const option = cartesianOption('barChart', perZone, chartData(perZone, answer, env), env, { width: 0, height: 400 }) as Record<string, any>;
    expect(option.yAxis[0].data).toEqual(['Shoes', 'Books']);
    expect(option.series).toHaveLength(1);
    expect(option.series[0]).toMatchObject({ name: 'metric:visitorsIn', data: [35, 7] });
    expect(barHeight(perZone, answer)).toBe(barChartHeight(2));
  });

  it('keeps time series per zone when the widget asks for hours', async () => {
    const { cartesianOption } = await import('./cartesianOption.ts');
    const widget = testWidget('lineChart', [{ type: 'visitorsIn', granularity: 3600, groupBy: { type: 'zone' } }]);
    const env = testEnv();
    const option = cartesianOption('lineChart', widget, chartData(widget, answer, env), env, { width: 0, height: 400 }) as Record<string, any>;
    expect(option.series.map((s: Record<string, unknown>) => s.name)).toEqual(['Shoes', 'Books']);
    expect(option.xAxis[0].data).toHaveLength(3);
  });
});
