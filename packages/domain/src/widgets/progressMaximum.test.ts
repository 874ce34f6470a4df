import { describe, expect, it } from 'vitest';
import { progressMaximum } from './progressMaximum.ts';

const values = [10, 40, 25];

describe('progressMaximum', () => {
  it.each(['abandonRate', 'captureRate', 'popularity', 'humidity', 'refusalRate', 'conversionRate'])(
    'ends percentage metric %s at 100',
    (id) => {
      expect(progressMaximum(id, values)).toBe(100);
      expect(progressMaximum(id, [])).toBe(100);
    },
  );

  it.each(['visitorsIn', 'visitorsOut', 'groupCount', 'orders'])('ends count metric %s at the sum', (id) => {
    expect(progressMaximum(id, values)).toBe(75);
  });

  it.each(['dwell', 'waitingTime', 'groupSize', 'temperature'])('ends dwell-like metric %s at the largest value', (id) => {
    expect(progressMaximum(id, values)).toBe(40);
  });

  it('ends scores at their scale maximum', () => {
    expect(progressMaximum('comfortScore', [2])).toBe(5);
    expect(progressMaximum('co2Score', [2])).toBe(3);
  });

  it('leaves non-finite values out, answers 0 without values, and takes the largest for an unknown metric', () => {
    expect(progressMaximum('visitorsIn', [5, Number.NaN, 7])).toBe(12);
    expect(progressMaximum('visitorsIn', [])).toBe(0);
    expect(progressMaximum('dwell', [-5, -2])).toBe(-2);
    expect(progressMaximum('noSuchMetric', values)).toBe(40);
  });
});
