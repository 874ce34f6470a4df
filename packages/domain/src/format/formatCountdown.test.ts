import { describe, expect, it } from 'vitest';
import { formatCountdown } from './formatCountdown.ts';

describe('formatCountdown', () => {
  it.each([
    [0, '0s'],
    [9, '9s'],
    [59, '59s'],
    [60, '1m 00s'],
    [249, '4m 09s'],
    [3599, '59m 59s'],
    [3600, '1h 00m'],
    [7500, '2h 05m'],
    [7559, '2h 05m'],
    [36000, '10h 00m'],
    [9.9, '9s'],
    [-5, '0s'],
    [Number.NaN, '0s'],
  ])('%d s → %s', (seconds, expected) => {
    expect(formatCountdown(seconds)).toBe(expected);
  });
});
