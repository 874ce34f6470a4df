import { describe, expect, it } from 'vitest';
import { type RangePiece, rangePieces } from './rangePieces.ts';
import type { RollupRequest } from './rollupLevel.ts';

const H = 3600;
const D = 86400;
const t = (iso: string) => Date.parse(iso);
const paris = { tz: 'Europe/Paris', changeOfDay: '00:00', hasWeekdayFilter: false, hasHourRollup: true };
const req = (over: Partial<RollupRequest & { hasHourRollup: boolean }>) => ({ aggregation: 'avg', granularity: D, ranges: [], ...paris, ...over });
const show = (pieces: RangePiece[][] | null) => pieces?.map((range) => range.map((p) => `${p.level} ${new Date(p.range[0]).toISOString()} ${new Date(p.range[1]).toISOString()}`));

describe('rangePieces', () => {
  it('reads whole days from days and the edges from hours', () => {
    // 89 days shifted by 3 hours: Paris days start at 22:00 or 23:00 UTC.
    expect(show(rangePieces(req({ ranges: [[t('2026-08-24T01:00Z'), t('2026-11-22T02:00Z')]] })))).toEqual([
      [
        'hour 2026-08-24T01:00:00.000Z 2026-08-24T22:00:00.000Z',
        'day 2026-08-24T22:00:00.000Z 2026-11-21T23:00:00.000Z',
        'hour 2026-11-21T23:00:00.000Z 2026-11-22T02:00:00.000Z',
      ],
    ]);
  });

  it('reads raw readings only where an edge is not on local hours', () => {
    expect(show(rangePieces(req({ ranges: [[t('2026-08-24T01:20:05Z'), t('2026-11-22T02:40Z')]] })))).toEqual([
      [
        'raw 2026-08-24T01:20:05.000Z 2026-08-24T02:00:00.000Z',
        'hour 2026-08-24T02:00:00.000Z 2026-08-24T22:00:00.000Z',
        'day 2026-08-24T22:00:00.000Z 2026-11-21T23:00:00.000Z',
        'hour 2026-11-21T23:00:00.000Z 2026-11-22T02:00:00.000Z',
        'raw 2026-11-22T02:00:00.000Z 2026-11-22T02:40:00.000Z',
      ],
    ]);
  });

  it('finds local hours in a quarter-hour zone, and raw edges when days do not start on the hour', () => {
    const kathmandu = { tz: 'Asia/Kathmandu', changeOfDay: '00:00' };
    // Kathmandu is UTC+05:45: local hours start at :15 UTC.
    expect(show(rangePieces(req({ ...kathmandu, granularity: H, ranges: [[t('2026-03-01T00:00Z'), t('2026-03-01T06:00Z')]] })))).toEqual([
      ['raw 2026-03-01T00:00:00.000Z 2026-03-01T00:15:00.000Z', 'hour 2026-03-01T00:15:00.000Z 2026-03-01T05:15:00.000Z', 'raw 2026-03-01T05:15:00.000Z 2026-03-01T06:00:00.000Z'],
    ]);
    const late = { changeOfDay: '06:30' };
    expect(show(rangePieces(req({ ...late, ranges: [[t('2026-11-10T00:00Z'), t('2026-11-13T00:00Z')]] })))).toEqual([
      ['raw 2026-11-10T00:00:00.000Z 2026-11-10T05:30:00.000Z', 'day 2026-11-10T05:30:00.000Z 2026-11-12T05:30:00.000Z', 'raw 2026-11-12T05:30:00.000Z 2026-11-13T00:00:00.000Z'],
    ]);
  });

  it.each<[string, Partial<RollupRequest & { hasHourRollup: boolean }>]>([
    ['day-aligned ranges (the day rollup answers)', { ranges: [[t('2026-08-23T22:00Z'), t('2026-11-21T23:00Z')]] }],
    ['a median (no rollup combines it)', { aggregation: 'median', ranges: [[t('2026-08-24T01:00Z'), t('2026-11-22T02:00Z')]] }],
    ['hour-aligned hours (the hour rollup answers)', { granularity: H, ranges: [[t('2026-11-14T23:00Z'), t('2026-11-21T23:00Z')]] }],
    ['15-minute buckets', { granularity: 900, ranges: [[t('2026-08-24T01:00Z'), t('2026-11-22T02:00Z')]] }],
    ['opening hours at half past', { hourFilter: 'partialHours', ranges: [[t('2026-08-24T01:00Z'), t('2026-11-22T02:00Z')]] }],
    ['less than a day, hour-aligned', { ranges: [[t('2026-11-20T08:00Z'), t('2026-11-21T12:00Z')]] }],
  ])('leaves %s to rollupLevel', (_name, over) => {
    expect(rangePieces(req(over))).toBeNull();
  });

  it('reads days of a whole-hour filter from hours, with raw edges', () => {
    expect(show(rangePieces(req({ hourFilter: 'wholeHours', ranges: [[t('2026-11-20T08:30Z'), t('2026-11-22T12:00Z')]] })))).toEqual([
      ['raw 2026-11-20T08:30:00.000Z 2026-11-20T09:00:00.000Z', 'hour 2026-11-20T09:00:00.000Z 2026-11-22T12:00:00.000Z'],
    ]);
  });

  it('covers every range exactly, piece after piece', () => {
    const ranges: Array<[number, number]> = [
      [t('2026-03-28T21:07:00Z'), t('2026-04-02T03:31:00Z')],
      [t('2026-10-24T12:00:00Z'), t('2026-10-27T00:15:00Z')],
    ];
    const pieces = rangePieces(req({ granularity: null, ranges }))!;
    pieces.forEach((range, i) => {
      expect(range[0]!.range[0]).toBe(ranges[i]![0]);
      expect(range.at(-1)!.range[1]).toBe(ranges[i]![1]);
      range.slice(1).forEach((p, j) => expect(p.range[0]).toBe(range[j]!.range[1]));
    });
  });
});

describe('rangePieces of overlapping ranges', () => {
  it('pieces their union, so that no instant is read twice', () => {
    const pieces = rangePieces(req({ granularity: null, ranges: [[t('2026-11-12T10:00Z'), t('2026-11-15T10:00Z')], [t('2026-11-10T10:00Z'), t('2026-11-13T10:00Z')]] }));
    expect(show(pieces)).toEqual([
      ['hour 2026-11-10T10:00:00.000Z 2026-11-10T23:00:00.000Z', 'day 2026-11-10T23:00:00.000Z 2026-11-14T23:00:00.000Z', 'hour 2026-11-14T23:00:00.000Z 2026-11-15T10:00:00.000Z'],
    ]);
  });
});
