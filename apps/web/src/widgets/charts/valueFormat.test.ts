import { describe, expect, it } from 'vitest';
import { testEnv, testWidget } from './testFixtures.ts';
import { chartText, formatChartValue } from './valueFormat.ts';

const widget = testWidget('lineChart', ['dwell']);
const en = testEnv();
const ar = testEnv({ rtl: true, locale: 'ar', labels: { ...en.labels, occupied: 'مشغول', free: 'شاغر' } });

describe('chartText', () => {
  it('isolates what a right-to-left page draws, each run in its first letter’s direction (FSI … PDI)', () => {
    expect(chartText('13 د و18 ث', ar)).toBe('\u206813 د و18 ث\u2069');
    expect(chartText('Dwell time', en)).toBe('Dwell time');
  });
});

describe('formatChartValue', () => {
  it.each([
    ['a dwell time in Arabic words', 'dwell', 798, ar, '\u206813 د و18 ث\u2069'],
    ['a Latin unit in an Arabic page', 'humidity', 51.7, ar, '\u206851.7 %RH\u2069'],
    ['a dwell time in English', 'dwell', 798, en, '13m 18s'],
  ] as const)('writes %s for the chart', (_, metric, value, env, text) => {
    expect(formatChartValue(metric, value, widget, env)).toBe(text);
  });

  it('isolates occupied and free while live', () => {
    const occupancy = testWidget('lineChart', ['occupancy']);
    expect(formatChartValue('occupancy', 1, occupancy, { ...ar, live: true })).toBe('\u2068مشغول\u2069');
    expect(formatChartValue('occupancy', 0, occupancy, { ...en, live: true })).toBe('Free');
  });
});
