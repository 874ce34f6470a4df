import { describe, expect, it } from 'vitest';
import { comfortScore, levelScore } from './comfortScores.ts';

describe('air-quality scores', () => {
  it.each([
    ['co2', 650, 3],
    ['co2', 800, 3],
    ['co2', 1000, 2],
    ['co2', 1600, 1],
    ['temperature', 21.5, 3],
    ['temperature', 17.5, 2],
    ['temperature', 15, 1],
    ['humidity', 65, 2],
    ['luminosity', 90, 1],
    ['pressure', 1013, null],
    ['co2', null, null],
  ])('%s at %s scores %s', (metric, value, expected) => {
    expect(levelScore(metric, value)).toBe(expected);
  });

  it.each([
    [[3, 3, 3], 5],
    [[1, 1], 1],
    [[2, 2, 2], 3],
    [[3, 2], 4],
    [[3, null, 1], 3],
    [[null], null],
  ])('comfort of levels %j is %s', (levels, expected) => {
    expect(comfortScore(levels)).toBe(expected);
  });
});
