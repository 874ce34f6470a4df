import { describe, expect, it } from 'vitest';
import { DURATION_AXIS_STEPS, durationAxisStep, niceAxisStep, scoreAxis } from './axisStep.ts';

describe('durationAxisStep', () => {
  it.each<[number, number]>([
    [0, 30],
    [1, 30],
    [59, 30],
    [120, 30],
    [121, 60],
    [240, 60],
    [300, 90],
    [3600, 900],
    [3601, 1800],
    [7200, 1800],
    [14_400, 3600],
    [28_800, 7200],
    [72_000, 18_000],
    [144_000, 36_000],
    [144_001, 72_000],
    [400_000, 180_000],
    [-3600, 900],
    [Number.NaN, 30],
  ])('%d s → step %d s', (max, step) => {
    expect(durationAxisStep(max)).toBe(step);
  });

  it('always fits the maximum in 4 ticks or fewer, with the smallest listed step that does', () => {
    for (let max = 1; max <= 1_000_000; max = Math.ceil(max * 1.07)) {
      const step = durationAxisStep(max);
      expect(max / step, `max ${max}`).toBeLessThanOrEqual(4);
      const smaller = DURATION_AXIS_STEPS.filter((s) => s < step);
      for (const s of smaller) expect(max / s, `max ${max} step ${s}`).toBeGreaterThan(4);
    }
  });
});

describe('niceAxisStep', () => {
  it.each<[number, number, number]>([
    [100, 4, 25],
    [1000, 4, 250],
    [7, 4, 2],
    [8, 4, 2],
    [9, 4, 2.5],
    [0.45, 4, 0.2],
    [45, 4, 20],
    [-45, 4, 20],
    [100, 5, 20],
    [0, 4, 1],
    [Number.POSITIVE_INFINITY, 4, 1],
  ])('max %d in %d ticks → %d', (max, ticks, step) => {
    expect(niceAxisStep(max, ticks)).toBeCloseTo(step, 12);
  });

  it('keeps 4 ticks or fewer for any maximum', () => {
    for (let max = 0.001; max < 1e9; max *= 1.37) expect(max / niceAxisStep(max)).toBeLessThanOrEqual(4 + 1e-9);
  });
});

describe('scoreAxis', () => {
  it('runs comfort from 0 to 5 and the other scores from 0 to 3, ticks every 1', () => {
    expect(scoreAxis('comfortScore')).toEqual({ min: 0, max: 5, interval: 1 });
    expect(scoreAxis('co2Score')).toEqual({ min: 0, max: 3, interval: 1 });
    expect(scoreAxis('temperatureScore')).toEqual({ min: 0, max: 3, interval: 1 });
  });

  it('has no score axis for other metrics', () => {
    expect(scoreAxis('co2')).toBeNull();
    expect(scoreAxis('unknown')).toBeNull();
  });
});
