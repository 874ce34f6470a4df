import { describe, expect, it } from 'vitest';
import { formatDuration } from './formatDuration.ts';

describe('formatDuration', () => {
  it.each<[number, string]>([
    [0, '0'],
    [0.4, '0'],
    [1, '1s'],
    [59, '59s'],
    [59.6, '1m'],
    [60, '1m'],
    [61, '1m 1s'],
    [125, '2m 5s'],
    [3599, '59m 59s'],
    [3600, '1h'],
    [3601, '1h'],
    [3660, '1h 1m'],
    [3661, '1h 1m'],
    [5399, '1h 30m'],
    [7170, '2h'],
    [90_000, '25h'],
    [-59, '-59s'],
    [-3660, '-1h 1m'],
  ])('%d s → %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('shows "-" for %s', (v) => {
    expect(formatDuration(v)).toBe('-');
  });
});
