import { describe, expect, it } from 'vitest';
import { comparisonOf, yearEarlier } from './widgetComparison.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (ts: number) => new Date(ts).toISOString();

describe('comparisonOf', () => {
  it.each([
    [undefined, 'previousPeriod'],
    [{}, 'previousPeriod'],
    [{ comparison: 'previousPeriod' as const }, 'previousPeriod'],
    [{ comparison: 'previousYear' as const }, 'previousYear'],
    [{ comparison: 'none' as const }, 'none'],
    [{ comparison: 'lastDecade' as never }, 'previousPeriod'],
  ])('reads %j as %s', (configuration, expected) => {
    expect(comparisonOf(configuration)).toBe(expected);
  });
});

describe('yearEarlier (52 weeks, same local time)', () => {
  it.each([
    // A Wednesday in Paris (UTC+1 both years): the Wednesday 364 days before, same local midnight.
    ['2026-11-24T23:00:00.000Z', 'Europe/Paris', '2025-11-25T23:00:00.000Z'],
    // Summer time both years: the same Sunday of the switch, a year apart.
    ['2026-03-29T10:00:00.000Z', 'Europe/Paris', '2025-03-30T10:00:00.000Z'],
    // Half-hour zone without summer time.
    ['2026-06-17T04:30:00.000Z', 'Asia/Kolkata', '2025-06-18T04:30:00.000Z'],
    // Across 29 February: still 364 days, the same weekday.
    ['2024-03-01T00:00:00.000Z', 'UTC', '2023-03-03T00:00:00.000Z'],
  ])('%s in %s is %s', (ts, tz, expected) => {
    expect(iso(yearEarlier(at(ts), tz))).toBe(expected);
    expect(new Date(yearEarlier(at(ts), tz)).getUTCDay()).toBe(new Date(at(ts)).getUTCDay());
  });

  it('keeps the local wall-clock time when summer time differs between the two dates', () => {
    // Saturday 2024-03-30 10:00 in Paris is winter time (summer starts on the 31st); 364 days before,
    // Saturday 2023-04-01 10:00 is summer time (since 2023-03-26): 08:00Z, not 09:00Z minus 364 × 24 h.
    const ts = at('2024-03-30T09:00:00.000Z');
    expect(iso(yearEarlier(ts, 'Europe/Paris'))).toBe('2023-04-01T08:00:00.000Z');
    expect(iso(ts - 364 * 86_400_000)).toBe('2023-04-01T09:00:00.000Z');
  });
});
