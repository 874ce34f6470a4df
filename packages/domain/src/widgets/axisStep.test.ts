import { describe, expect, it } from 'vitest';
import { DURATION_AXIS_STEPS, durationAxisStep, niceAxisStep, scoreAxis, TIME_LABEL_GAP, TIME_LABEL_STEPS, timeLabelEvery } from './axisStep.ts';

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

describe('timeLabelEvery', () => {
  const QUARTER = 900;
  const HOUR = 3600;
  const DAY = 86_400;
  // Axis widths of a full-width chart at 1440 px and at 1024 px; labels at about 7 px a character.
  const time = 5 * 7;
  const date = 10 * 7;
  const dateTime = 16 * 7;
  it.each<[string, number, number, number, number, number]>([
    ['a day at 15 min, 1440 px', QUARTER, 96, 1100, time, 8],
    ['a day at 15 min, 1024 px', QUARTER, 96, 700, time, 8],
    ['a day at 15 min, narrow', QUARTER, 96, 380, time, 16],
    ['a day by the hour, 1440 px', HOUR, 24, 1100, time, 2],
    ['a day by the hour, 1024 px', HOUR, 24, 700, time, 2],
    ['a week by the hour, 1440 px', HOUR, 168, 1100, dateTime, 24],
    ['a week by the hour, 1024 px', HOUR, 168, 700, dateTime, 48],
    ['a week by the day', DAY, 7, 700, date, 1],
    ['a month by the day, 1440 px', DAY, 31, 1100, date, 3],
    ['a month by the day, 1024 px', DAY, 31, 700, date, 7],
    ['a year by the month', 2_592_000, 12, 700, 7 * 7, 2],
  ])('%s', (_name, granularity, buckets, axis, labelWidth, every) => {
    const bucketWidth = axis / (buckets - 1);
    expect(timeLabelEvery({ granularity, bucketWidth, labelWidth })).toBe(every);
  });

  it('leaves the gap between any two labels, on a listed step while one fits', () => {
    for (const granularity of [60, 300, 600, 900, 1800, 3600, 86_400, 604_800, 2_592_000]) {
      for (let bucketWidth = 0.5; bucketWidth < 400; bucketWidth *= 1.3) {
        for (const labelWidth of [35, 70, 112]) {
          const every = timeLabelEvery({ granularity, bucketWidth, labelWidth });
          expect(Number.isInteger(every) && every >= 1).toBe(true);
          if (every > 1) expect(every * bucketWidth - labelWidth).toBeGreaterThanOrEqual(TIME_LABEL_GAP);
          const listed = TIME_LABEL_STEPS.includes(every * granularity);
          const largest = Math.max(...TIME_LABEL_STEPS.filter((s) => s % granularity === 0));
          if (every > 1 && !listed) expect(every * granularity).toBeGreaterThan(largest);
        }
      }
    }
  });

  it('labels every bucket when there is no width to go by', () => {
    expect(timeLabelEvery({ granularity: 900, bucketWidth: 0, labelWidth: 35 })).toBe(1);
    expect(timeLabelEvery({ granularity: 0, bucketWidth: 10, labelWidth: 35 })).toBe(1);
    expect(timeLabelEvery({ granularity: 900, bucketWidth: Number.POSITIVE_INFINITY, labelWidth: 35 })).toBe(1);
  });
});
