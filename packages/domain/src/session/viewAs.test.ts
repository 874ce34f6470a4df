import { describe, expect, it } from 'vitest';
import { viewAsCountdown } from './viewAs.ts';

describe('view-as countdown', () => {
  it.each([
    [3600_000, { hours: 1, minutes: 0, seconds: null }],
    [3599_000, { hours: 0, minutes: 59, seconds: 59 }],
    [3599_001, { hours: 1, minutes: 0, seconds: null }],
    [61_000, { hours: 0, minutes: 1, seconds: 1 }],
    [500, { hours: 0, minutes: 0, seconds: 1 }],
    [0, { hours: 0, minutes: 0, seconds: 0 }],
    [-5000, { hours: 0, minutes: 0, seconds: 0 }],
    [2 * 3600_000 + 5 * 60_000 + 7000, { hours: 2, minutes: 5, seconds: null }],
  ])('%i ms left → %j', (left, expected) => expect(viewAsCountdown(1_000_000 + left, 1_000_000)).toEqual(expected));
});
