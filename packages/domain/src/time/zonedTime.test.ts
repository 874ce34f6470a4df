import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tzOffsetMinutes, zonedParts, zonedToUtc } from './zonedTime.ts';

const utc = (iso: string): number => Date.parse(iso);

describe('zonedParts', () => {
  it.each([
    ['2026-03-29T00:59:59Z', 'Europe/Paris', [2026, 3, 29, 1, 59, 59, 7]],
    ['2026-03-29T01:00:00Z', 'Europe/Paris', [2026, 3, 29, 3, 0, 0, 7]],
    ['2026-10-25T00:30:00Z', 'Europe/Paris', [2026, 10, 25, 2, 30, 0, 7]],
    ['2026-10-25T01:30:00Z', 'Europe/Paris', [2026, 10, 25, 2, 30, 0, 7]],
    ['2026-01-01T00:00:00Z', 'Asia/Kolkata', [2026, 1, 1, 5, 30, 0, 4]],
    ['2026-06-15T12:00:00Z', 'America/New_York', [2026, 6, 15, 8, 0, 0, 1]],
    ['2026-06-15T03:59:00Z', 'America/New_York', [2026, 6, 14, 23, 59, 0, 7]],
    ['2026-10-03T15:40:00Z', 'Australia/Lord_Howe', [2026, 10, 4, 2, 40, 0, 7]],
    ['2026-01-01T00:00:00.999Z', 'UTC', [2026, 1, 1, 0, 0, 0, 4]],
  ])('%s in %s', (iso, tz, [year, month, day, hour, minute, second, weekday]) => {
    expect(zonedParts(utc(iso), tz)).toEqual({ year, month, day, hour, minute, second, weekday });
  });
});

describe('tzOffsetMinutes', () => {
  it.each([
    ['2026-01-15T12:00:00Z', 'Europe/Paris', 60],
    ['2026-07-15T12:00:00Z', 'Europe/Paris', 120],
    ['2026-01-15T12:00:00Z', 'America/New_York', -300],
    ['2026-07-15T12:00:00Z', 'America/New_York', -240],
    ['2026-07-15T12:00:00Z', 'Asia/Kolkata', 330],
    ['2026-07-15T12:00:00Z', 'Asia/Kathmandu', 345],
    ['2026-07-15T12:00:00Z', 'Australia/Lord_Howe', 630],
    ['2026-12-15T12:00:00Z', 'Australia/Lord_Howe', 660],
    ['2026-07-15T12:00:00Z', 'UTC', 0],
  ])('%s in %s is %d', (iso, tz, expected) => {
    expect(tzOffsetMinutes(utc(iso), tz)).toBe(expected);
  });
});

describe('zonedToUtc', () => {
  it.each([
    ['plain winter time', 'Europe/Paris', [2026, 1, 15, 9, 0], '2026-01-15T08:00:00Z'],
    ['skipped 02:30 → the jump at 03:00 CEST', 'Europe/Paris', [2026, 3, 29, 2, 30], '2026-03-29T01:00:00Z'],
    ['first valid time after the jump', 'Europe/Paris', [2026, 3, 29, 3, 0], '2026-03-29T01:00:00Z'],
    ['repeated 02:30 → the earlier (CEST)', 'Europe/Paris', [2026, 10, 25, 2, 30], '2026-10-25T00:30:00Z'],
    ['after the repeated hour', 'Europe/Paris', [2026, 10, 25, 3, 0], '2026-10-25T02:00:00Z'],
    ['New York skipped 02:30', 'America/New_York', [2026, 3, 8, 2, 30], '2026-03-08T07:00:00Z'],
    ['New York repeated 01:30 → EDT', 'America/New_York', [2026, 11, 1, 1, 30], '2026-11-01T05:30:00Z'],
    ['Kolkata midnight', 'Asia/Kolkata', [2026, 1, 1, 0, 0], '2025-12-31T18:30:00Z'],
    ['Lord Howe skipped 02:15 (half-hour jump)', 'Australia/Lord_Howe', [2026, 10, 4, 2, 15], '2026-10-03T15:30:00Z'],
    ['Lord Howe repeated 01:45 → +11', 'Australia/Lord_Howe', [2026, 4, 5, 1, 45], '2026-04-04T14:45:00Z'],
  ] as const)('%s', (_label, tz, [year, month, day, hour, minute], expected) => {
    expect(new Date(zonedToUtc({ year, month, day, hour, minute }, tz)).toISOString()).toBe(
      new Date(expected).toISOString(),
    );
  });

  it('maps any instant back to itself or to the earlier occurrence of its wall-clock time', () => {
    const zones = ['Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];
    fc.assert(
      fc.property(
        fc.integer({ min: utc('2020-01-01T00:00:00Z') / 60_000, max: utc('2030-01-01T00:00:00Z') / 60_000 }),
        fc.constantFrom(...zones),
        (minutes, tz) => {
          const ts = minutes * 60_000;
          const p = zonedParts(ts, tz);
          const back = zonedToUtc(p, tz);
          expect(back).toBeLessThanOrEqual(ts);
          expect(ts - back).toBeLessThanOrEqual(3_600_000);
          expect(zonedParts(back, tz)).toEqual(p);
        },
      ),
    );
  });
});
