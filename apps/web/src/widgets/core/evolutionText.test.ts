import { describe, expect, it } from 'vitest';
import { axisGroups, valueScale } from '../charts/valueAxes.ts';
import { chartData } from '../charts/chartData.ts';
import { hourly, result, testEnv, testWidget } from '../charts/testFixtures.ts';
import { formatChartValue } from '../charts/valueFormat.ts';
import { defaultCsv } from './defaultCsv.ts';
import { evolutionText, showsEvolution } from './evolutionText.ts';

const points = (value: string) => `${value} pts`;
const evolutionOf = (metric: string) => ({ type: metric, groupBy: { type: 'date', aggregation: 'evolution' } });

describe('evolutionText', () => {
  it.each([
    ['a temperature by its difference in °C', 'temperature', 1.5, '+1.5 °C'],
    ['a temperature that fell', 'outdoorTemperature', -0.3, '-0.3 °C'],
    ['humidity in points', 'humidity', 5, '+5.0 pts'],
    ['a rate in points', 'captureRate', -1.36, '-1.36 pts'],
    ['a comfort score in points, with one decimal', 'comfortScore', 0.3, '+0.3 pts'],
    ['a count in percent', 'visitorsIn', 12.5, '+12.50 %'],
    ['a dwell time in percent, not as a duration', 'dwell', 20, '+20.00 %'],
    ['a change that rounds to zero without a sign', 'temperature', 0.01, '0 °C'],
    ['no change', 'temperature', null, '-'],
  ] as const)('writes %s', (_, metric, value, text) => {
    expect(evolutionText(metric, value, { locale: 'en', points })).toBe(text);
  });

  it('hides a difference’s unit when the widget hides units, and writes axis ticks without sign or padding', () => {
    expect(evolutionText('temperature', 1.5, { locale: 'en', points, hideUnit: true })).toBe('+1.5');
    expect(evolutionText('temperature', 2, { locale: 'en', points, axis: true })).toBe('2 °C');
    expect(evolutionText('temperature', 1.5, { locale: 'fr', points })).toBe('+1,5 °C');
  });

  it('tells the metrics a widget asks the evolution of', () => {
    const widget = testWidget('lineChart', [evolutionOf('temperature'), 'visitorsIn']);
    expect(showsEvolution(widget, 'temperature')).toBe(true);
    expect(showsEvolution(widget, 'visitorsIn')).toBe(false);
  });
});

describe('a chart of an evolution', () => {
  const env = testEnv();

  it('labels a temperature’s evolution in °C, not as a percentage', () => {
    const widget = testWidget('lineChart', [evolutionOf('temperature')]);
    expect(formatChartValue('temperature', 1.5, widget, env)).toBe('+1.5 °C');
    // The same metric without the evolution is a temperature.
    expect(formatChartValue('temperature', 21.5, testWidget('lineChart', ['temperature']), env)).toBe('21.5 °C');
  });

  it('reads a score’s evolution off an axis of points, not the score’s levels', () => {
    const widget = testWidget('lineChart', [evolutionOf('comfortScore')]);
    const data = chartData(widget, [result('comfortScore', [hourly('all', 'All', [-0.4, 0.2, 0.6])], 'pts')], env);
    const [group] = axisGroups(data.series, widget, env);
    const scale = valueScale(group!, widget, env, { stacked: false });
    expect(scale.min).toBeLessThan(0);
    expect(scale.max).toBeLessThan(1.5);
    expect(scale.label(0.5)).toBe('0.5 pts');
  });
});

describe('a sheet of an evolution', () => {
  it('keeps a count’s relative change with a percentage’s two decimals and a temperature’s difference with its own', () => {
    const widget = testWidget('lineChart', [evolutionOf('visitorsIn'), evolutionOf('temperature')]);
    const rows = defaultCsv(widget, [result('visitorsIn', [hourly('all', 'All', [12.345])], '%'), result('temperature', [hourly('all', 'All', [1.54])], '°C')], {
      env: testEnv(),
      headers: { time: 'Time', item: 'Item' },
    });
    expect(rows[0]!.slice(1)).toEqual(['metric:visitorsIn (%)', 'metric:temperature (°C)']);
    expect(rows[1]!.slice(1)).toEqual([12.35, 1.5]);
  });
});
