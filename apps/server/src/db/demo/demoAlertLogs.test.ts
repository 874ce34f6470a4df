import { describe, expect, it } from 'vitest';
import { episodesAbove } from './demoAlertLogs.ts';

const Q = 900_000;
const at = (i: number, value: number) => ({ ts: i * Q, value });

describe('episodesAbove', () => {
  it('joins consecutive quarters above the threshold and keeps the peak', () => {
    const samples = [at(0, 900), at(1, 1100), at(2, 1300), at(3, 1050), at(4, 950), at(5, 1200), at(6, 800)];
    expect(episodesAbove(samples, 1000, 100 * Q)).toEqual([
      { begin: 1 * Q, end: 4 * Q, peak: 1300 },
      { begin: 5 * Q, end: 6 * Q, peak: 1200 },
    ]);
  });

  it('splits at a gap in the readings and leaves an episode running at the end open', () => {
    const samples = [at(0, 1100), at(3, 1200), at(4, 1250)];
    expect(episodesAbove(samples, 1000, 5 * Q)).toEqual([
      { begin: 0, end: Q, peak: 1100 },
      { begin: 3 * Q, end: null, peak: 1250 },
    ]);
  });

  it('finds nothing at or under the threshold', () => {
    expect(episodesAbove([at(0, 1000), at(1, 999)], 1000, 10 * Q)).toEqual([]);
  });
});
