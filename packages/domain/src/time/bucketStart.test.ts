import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketStart, businessDate, businessDayRange, GRANULARITIES as G } from './bucketStart.ts';

const utc = (iso: string): number => Date.parse(iso);
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const PARIS = 'Europe/Paris';
const NY = 'America/New_York';
const KOLKATA = 'Asia/Kolkata';
const LORD_HOWE = 'Australia/Lord_Howe';

describe('bucketStart', () => {
  it.each([
    // sub-day buckets follow the local wall clock
    ['Paris hour just before the spring jump', PARIS, G.hour, undefined, '2026-03-29T00:59:00Z', '2026-03-29T00:00:00Z'],
    ['Paris hour after the jump (03:10 CEST)', PARIS, G.hour, undefined, '2026-03-29T01:10:00Z', '2026-03-29T01:00:00Z'],
    ['Paris first 02:xx of the repeated hour', PARIS, G.hour, undefined, '2026-10-25T00:30:00Z', '2026-10-25T00:00:00Z'],
    ['Paris second 02:xx is its own bucket', PARIS, G.hour, undefined, '2026-10-25T01:10:00Z', '2026-10-25T01:00:00Z'],
    ['Kolkata hour starts at :00 local', KOLKATA, G.hour, undefined, '2026-01-01T04:45:00Z', '2026-01-01T04:30:00Z'],
    ['Kolkata 15 minutes', KOLKATA, G.fifteenMinutes, undefined, '2026-01-01T04:44:59Z', '2026-01-01T04:30:00Z'],
    ['Kathmandu (+05:45) hour', 'Asia/Kathmandu', G.hour, undefined, '2026-01-01T04:20:00Z', '2026-01-01T04:15:00Z'],
    ['five minutes drops seconds', NY, G.fiveMinutes, undefined, '2026-06-15T12:04:59.999Z', '2026-06-15T12:00:00Z'],
    ['minute', NY, G.minute, undefined, '2026-06-15T12:04:59.999Z', '2026-06-15T12:04:00Z'],
    ['changeOfDay does not move hour buckets', NY, G.hour, '04:30', '2026-06-15T08:45:00Z', '2026-06-15T08:00:00Z'],
    ['Lord Howe hour before the half-hour jump', LORD_HOWE, G.hour, undefined, '2026-10-03T15:20:00Z', '2026-10-03T14:30:00Z'],
    ['Lord Howe 02:xx hour starts at the jump (02:30)', LORD_HOWE, G.hour, undefined, '2026-10-03T15:40:00Z', '2026-10-03T15:30:00Z'],
    ['Lord Howe first 01:3x-01:5x (+11)', LORD_HOWE, G.thirtyMinutes, undefined, '2026-04-04T14:50:00Z', '2026-04-04T14:30:00Z'],
    ['Lord Howe repeated 01:40 (+10:30)', LORD_HOWE, G.thirtyMinutes, undefined, '2026-04-04T15:10:00Z', '2026-04-04T15:00:00Z'],
    ['Lord Howe hour after clocks turned back', LORD_HOWE, G.hour, undefined, '2026-04-04T15:10:00Z', '2026-04-04T15:00:00Z'],
    // days start at local changeOfDay
    ['Paris 23-hour day', PARIS, G.day, undefined, '2026-03-29T12:00:00Z', '2026-03-28T23:00:00Z'],
    ['Paris 25-hour day', PARIS, G.day, undefined, '2026-10-25T12:00:00Z', '2026-10-24T22:00:00Z'],
    ['Kolkata day after local midnight', KOLKATA, G.day, undefined, '2026-01-01T20:00:00Z', '2026-01-01T18:30:00Z'],
    ['Lord Howe day', LORD_HOWE, G.day, undefined, '2026-10-04T05:00:00Z', '2026-10-03T13:30:00Z'],
    ['03:30 local belongs to the previous 04:00 day', NY, G.day, '04:00', '2026-06-15T07:30:00Z', '2026-06-14T08:00:00Z'],
    ['04:30 local belongs to the same 04:00 day', NY, G.day, '04:00', '2026-06-15T08:30:00Z', '2026-06-15T08:00:00Z'],
    ['exactly at changeOfDay', NY, G.day, '04:00', '2026-06-15T08:00:00Z', '2026-06-15T08:00:00Z'],
    // weeks start Monday, months the 1st, both at changeOfDay
    ['Wednesday → Monday', NY, G.week, undefined, '2026-06-17T15:00:00Z', '2026-06-15T04:00:00Z'],
    ['Sunday evening → Monday before', NY, G.week, undefined, '2026-06-21T23:00:00Z', '2026-06-15T04:00:00Z'],
    ['Monday 03:00 with 04:00 change of day → previous week', NY, G.week, '04:00', '2026-06-15T07:00:00Z', '2026-06-08T08:00:00Z'],
    ['week across the Paris spring jump', PARIS, G.week, undefined, '2026-03-30T10:00:00Z', '2026-03-29T22:00:00Z'],
    ['month in winter', NY, G.month, undefined, '2026-03-15T12:00:00Z', '2026-03-01T05:00:00Z'],
    ['1 April 03:00 with 04:00 change of day → March', NY, G.month, '04:00', '2026-04-01T07:00:00Z', '2026-03-01T09:00:00Z'],
    ['month in Kolkata', KOLKATA, G.month, undefined, '2026-02-28T19:00:00Z', '2026-02-28T18:30:00Z'],
  ])('%s', (_label, tz, granularity, changeOfDay, ts, expected) => {
    expect(iso(bucketStart(utc(ts), { granularity, tz, changeOfDay }))).toBe(expected);
  });

  it.each([0, 7, 7200.5, 86401, 1209600])('refuses granularity %d', (granularity) => {
    expect(() => bucketStart(0, { granularity, tz: 'UTC' })).toThrow(RangeError);
  });
});

describe('businessDate', () => {
  it.each([
    [PARIS, '04:00', '2026-03-29T01:30:00Z', '2026-03-28'],
    [PARIS, '04:00', '2026-03-29T02:00:00Z', '2026-03-29'],
    [NY, '00:00', '2026-06-15T03:59:00Z', '2026-06-14'],
    [KOLKATA, '00:00', '2026-01-01T18:30:00Z', '2026-01-02'],
    // changeOfDay inside the repeated hour: the second 02:10 stays in the day the first 02:50 began
    [PARIS, '02:15', '2026-10-25T00:50:00Z', '2026-10-25'],
    [PARIS, '02:15', '2026-10-25T01:10:00Z', '2026-10-25'],
    // changeOfDay inside the skipped hour: the day starts when the clocks jump
    [PARIS, '02:30', '2026-03-29T00:59:00Z', '2026-03-28'],
    [PARIS, '02:30', '2026-03-29T01:00:00Z', '2026-03-29'],
  ])('%s, change of day %s, %s → %s', (tz, changeOfDay, ts, expected) => {
    expect(businessDate(utc(ts), tz, changeOfDay)).toBe(expected);
  });
});

describe('businessDayRange', () => {
  it.each([
    [PARIS, '2026-03-29', '00:00', '2026-03-28T23:00:00Z', 23],
    [PARIS, '2026-10-25', '00:00', '2026-10-24T22:00:00Z', 25],
    [PARIS, '2026-03-28', '04:00', '2026-03-28T03:00:00Z', 23],
    [PARIS, '2026-03-29', '04:00', '2026-03-29T02:00:00Z', 24],
    [NY, '2026-03-08', '00:00', '2026-03-08T05:00:00Z', 23],
    [NY, '2026-11-01', '00:00', '2026-11-01T04:00:00Z', 25],
    [KOLKATA, '2026-01-01', '00:00', '2025-12-31T18:30:00Z', 24],
    [LORD_HOWE, '2026-10-04', '00:00', '2026-10-03T13:30:00Z', 23.5],
    [LORD_HOWE, '2026-04-05', '00:00', '2026-04-04T13:00:00Z', 24.5],
  ])('%s %s from %s starts %s and lasts %d h', (tz, date, changeOfDay, start, hours) => {
    const [s, e] = businessDayRange(date, tz, changeOfDay);
    expect(iso(s)).toBe(start);
    expect((e - s) / 3_600_000).toBe(hours);
  });
});

describe('bucketStart properties', () => {
  const zones = [PARIS, NY, KOLKATA, LORD_HOWE, 'UTC'];
  const transitions = ['2026-03-29T01:00Z', '2026-10-25T01:00Z', '2026-03-08T07:00Z', '2026-11-01T06:00Z',
    '2026-10-03T15:30Z', '2026-04-04T15:00Z'].map(utc);
  const instant = fc.oneof(
    fc.integer({ min: utc('2020-01-01T00:00Z'), max: utc('2030-01-01T00:00Z') }),
    fc.constantFrom(...transitions).chain((t) => fc.integer({ min: t - 5 * 3_600_000, max: t + 5 * 3_600_000 })),
  );
  const options = fc.record({
    granularity: fc.constantFrom(...Object.values(G)),
    tz: fc.constantFrom(...zones),
    changeOfDay: fc.constantFrom('00:00', '04:00', '02:30', '23:30'),
  });

  it('is at or before ts and idempotent', () => {
    fc.assert(
      fc.property(instant, options, (ts, opts) => {
        const start = bucketStart(ts, opts);
        expect(start).toBeLessThanOrEqual(ts);
        expect(bucketStart(start, opts)).toBe(start);
      }),
      { numRuns: 500 },
    );
  });

  it('never lets hour buckets overlap: monotonic and at most one hour long', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 3 * 3_600_000 }), fc.constantFrom(...zones), (ts, gap, tz) => {
        const a = bucketStart(ts, { granularity: G.hour, tz });
        const b = bucketStart(ts + gap, { granularity: G.hour, tz });
        expect(a).toBeLessThanOrEqual(b);
        expect(ts - a).toBeLessThan(3_600_000);
        if (b !== a) expect(b).toBeGreaterThan(ts);
      }),
      { numRuns: 500 },
    );
  });
});
