import { describe, expect, it } from 'vitest';
import { type RollupRequest, rollupLevel } from './rollupLevel.ts';

const H = 3600;
const D = 86400;
const M = 2592000;
const paris = { tz: 'Europe/Paris', changeOfDay: '00:00', hasWeekdayFilter: false };
const t = (iso: string) => Date.parse(iso);
const req = (over: Partial<RollupRequest>): RollupRequest => ({ aggregation: 'sum', granularity: H, ranges: [], ...paris, ...over });

describe('rollupLevel', () => {
  it.each<[string, Partial<RollupRequest>, string]>([
    ['a whole year per month', { granularity: M, ranges: [[t('2025-12-31T23:00Z'), t('2026-12-31T23:00Z')]] }, 'month'],
    ['a year total', { granularity: null, ranges: [[t('2025-12-31T23:00Z'), t('2026-12-31T23:00Z')]] }, 'month'],
    ['months with a weekday filter fall to days', { granularity: M, hasWeekdayFilter: true, ranges: [[t('2025-12-31T23:00Z'), t('2026-12-31T23:00Z')]] }, 'day'],
    ['90 days per day', { granularity: D, ranges: [[t('2026-08-23T22:00Z'), t('2026-11-21T23:00Z')]] }, 'day'],
    ['a week per hour', { granularity: H, ranges: [[t('2026-11-14T23:00Z'), t('2026-11-21T23:00Z')]] }, 'hour'],
    ['a range starting mid-hour', { granularity: H, ranges: [[t('2026-11-14T23:30Z'), t('2026-11-21T23:00Z')]] }, 'raw'],
    ['15-minute buckets', { granularity: 900, ranges: [[t('2026-11-14T23:00Z'), t('2026-11-15T23:00Z')]] }, 'raw'],
    ['a median', { aggregation: 'median', granularity: D, ranges: [[t('2026-08-23T22:00Z'), t('2026-11-21T23:00Z')]] }, 'raw'],
    ['p95 per day', { aggregation: 'p95', granularity: D, ranges: [[t('2026-08-23T22:00Z'), t('2026-11-21T23:00Z')]] }, 'raw'],
    ['days from hours when the range is not day-aligned', { granularity: D, ranges: [[t('2026-11-20T08:00Z'), t('2026-11-21T12:00Z')]] }, 'hour'],
    ['two day-aligned ranges', { granularity: D, ranges: [[t('2026-11-01T23:00Z'), t('2026-11-02T23:00Z')], [t('2026-11-09T23:00Z'), t('2026-11-10T23:00Z')]] }, 'day'],
    ['opening hours on whole hours, per day, from hours', { granularity: D, hourFilter: 'wholeHours', ranges: [[t('2026-08-23T22:00Z'), t('2026-11-21T23:00Z')]] }, 'hour'],
    ['opening hours at half past, from raw readings', { granularity: D, hourFilter: 'partialHours', ranges: [[t('2026-08-23T22:00Z'), t('2026-11-21T23:00Z')]] }, 'raw'],
    ['the 25-hour DST day per hour', { granularity: H, ranges: [[t('2026-10-24T22:00Z'), t('2026-10-25T23:00Z')]] }, 'hour'],
  ])('%s', (_name, over, level) => {
    expect(rollupLevel(req(over))).toBe(level);
  });

  it('aligns hours to the local clock in a half-hour zone', () => {
    const kolkata = { tz: 'Asia/Kolkata', changeOfDay: '00:00' };
    expect(rollupLevel(req({ ...kolkata, ranges: [[t('2026-03-01T00:30Z'), t('2026-03-01T06:30Z')]] }))).toBe('hour');
    expect(rollupLevel(req({ ...kolkata, ranges: [[t('2026-03-01T00:00Z'), t('2026-03-01T06:00Z')]] }))).toBe('raw');
  });

  it('uses days starting at the change-of-day time, and no hours for days when it is not on the hour', () => {
    const early = { changeOfDay: '04:00' };
    expect(rollupLevel(req({ ...early, granularity: D, ranges: [[t('2026-11-20T03:00Z'), t('2026-11-21T03:00Z')]] }))).toBe('day');
    expect(rollupLevel(req({ ...early, granularity: D, ranges: [[t('2026-11-19T23:00Z'), t('2026-11-20T23:00Z')]] }))).toBe('hour');
    const halfPast = { changeOfDay: '04:30' };
    // An hour cannot tell its business weekday when days start on the half hour.
    expect(rollupLevel(req({ ...halfPast, hasWeekdayFilter: true, ranges: [[t('2026-11-20T08:00Z'), t('2026-11-21T08:00Z')]] }))).toBe('raw');
    expect(rollupLevel(req({ ...halfPast, ranges: [[t('2026-11-20T08:00Z'), t('2026-11-21T08:00Z')]] }))).toBe('hour');
    expect(rollupLevel(req({ ...halfPast, granularity: D, ranges: [[t('2026-11-20T08:00Z'), t('2026-11-21T08:00Z')]] }))).toBe('raw');
  });
});
