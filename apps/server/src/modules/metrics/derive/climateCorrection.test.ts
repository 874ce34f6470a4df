import { describe, expect, it } from 'vitest';
import { HDD_BASE_C, correctionFactor, discontinuousKey, heatingDegreeDays, monthlyReference } from './climateCorrection.ts';

describe('heatingDegreeDays', () => {
  it.each([
    [2, 16],
    [-4.5, 22.5],
    [17.9, expect.closeTo(0.1, 9)],
    [HDD_BASE_C, 0],
    [25, 0],
  ])('a daily mean of %s °C gives %s', (mean, hdd) => {
    expect(heatingDegreeDays(mean)).toEqual(hdd);
  });
});

describe('monthlyReference', () => {
  it('averages the degree days of every stored day of a calendar month, all years together', () => {
    const means = new Map([
      ['2025-01-10', 0], // 18
      ['2026-01-10', 12], // 6
      ['2026-01-11', 6], // 12
      ['2026-07-01', 25], // 0
    ]);
    expect(monthlyReference(means)).toEqual(new Map([['01', 12], ['07', 0]]));
  });
});

describe('correctionFactor', () => {
  const means = new Map([
    ['2026-01-05', 2],
    ['2026-01-12', 10],
    ['2026-06-02', 22],
  ]);
  const reference = new Map([['01', 12], ['06', 2]]);

  it.each<[string, string[], number | null]>([
    ['a cold day is corrected down', ['2026-01-05'], 12 / 16],
    ['a mild day is corrected up', ['2026-01-12'], 12 / 8],
    ['several days weigh by their degree days', ['2026-01-05', '2026-01-12'], 24 / 24],
    ['a day with no degree days keeps its value', ['2026-06-02'], 1],
    ['a day without a temperature has no value', ['2026-01-05', '2026-01-06'], null],
    ['no day has no value', [], null],
  ])('%s', (_label, days, factor) => {
    expect(correctionFactor(days, means, reference)).toBe(factor);
  });
});

describe('discontinuousKey', () => {
  it.each<[Parameters<typeof discontinuousKey>[0], string, string]>([
    ['weekday', '2026-01-05', '1'],
    ['weekday', '2026-01-11', '7'],
    ['weekend', '2026-01-10', 'weekend'],
    ['weekend', '2026-01-09', 'weekday'],
    ['monthly', '2026-06-02', '06'],
    ['weekly', '2026-01-05', 'W02'],
    // ISO weeks belong to the year of their Thursday.
    ['weekly', '2026-01-01', 'W01'],
    ['weekly', '2024-12-30', 'W01'],
    ['weekly', '2027-01-01', 'W53'],
    ['weekly', '2026-12-31', 'W53'],
  ])('%s of %s is %s', (variant, date, key) => {
    expect(discontinuousKey(variant, date)).toBe(key);
  });
});
