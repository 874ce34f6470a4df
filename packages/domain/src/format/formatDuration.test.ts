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

describe('formatDuration in the reader language', () => {
  it.each([
    ['en', 734, '12m 14s'],
    ['fr', 734, '12min 14s'],
    ['it', 3900, '1h 5min'],
    ['es', 734, '12min 14s'],
    ['de', 734, '12 Min., 14 Sek.'],
  ])('%s: %d s reads %s', (locale, seconds, text) => {
    expect(formatDuration(seconds, locale)).toBe(text);
  });
  it('has no English unit letters in Arabic', () => {
    expect(formatDuration(734, 'ar')).not.toMatch(/[ms]\b/);
  });
});
