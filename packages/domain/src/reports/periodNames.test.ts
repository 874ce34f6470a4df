import { describe, expect, it } from 'vitest';
import { bucketStart } from '../time/bucketStart.ts';
import { tzOffsetMs } from '../time/zonedTime.ts';
import { bucketCount, bucketLabel, bucketNamer, bucketStarts, periodLabels, periodName } from './periodNames.ts';

const at = (iso: string) => Date.parse(iso);
const PARIS = 'Europe/Paris';

describe('periodName: a period as the site’s users count its days', () => {
  it.each([
    // Issue 29 item 8: a send once for 27-28/11 at a site whose day starts at 05:00.
    ['27-28/11, day from 05:00', '2026-11-27T04:00:00Z', '2026-11-29T04:00:00Z', '05:00', PARIS, ['27/11/2026', '28/11/2026']],
    ['a 1-day report of 30/11, day from 05:00', '2026-11-30T04:00:00Z', '2026-12-01T04:00:00Z', '05:00', PARIS, ['30/11/2026', '30/11/2026']],
    ['days from midnight', '2026-11-26T23:00:00Z', '2026-11-28T23:00:00Z', '00:00', PARIS, ['27/11/2026', '28/11/2026']],
    ['the 23-hour day of the spring-forward', '2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z', '00:00', PARIS, ['29/03/2026', '29/03/2026']],
    ['a half-hour zone, day from 04:00', '2026-03-01T22:30:00Z', '2026-03-02T22:30:00Z', '04:00', 'Asia/Kolkata', ['02/03/2026', '02/03/2026']],
    ['a year of days', '2025-12-31T23:00:00Z', '2026-12-31T23:00:00Z', '00:00', PARIS, ['01/01/2026', '31/12/2026']],
    ['not on day boundaries: the two instants', '2026-11-27T10:00:00Z', '2026-11-27T16:00:00Z', '05:00', PARIS, ['27/11/2026 11:00', '27/11/2026 17:00']],
    ['starting on a boundary, ending inside a day', '2026-11-27T04:00:00Z', '2026-11-28T12:00:00Z', '05:00', PARIS, ['27/11/2026 05:00', '28/11/2026 13:00']],
  ])('%s', (_name, from, to, changeOfDay, tz, expected) => {
    const labels = periodLabels(periodName(at(from), at(to), tz, changeOfDay), { format: 'DD/MM/YYYY', tz });
    expect([labels.from, labels.to]).toEqual(expected);
  });

  it('names business days in every date format, and gives the days themselves', () => {
    const period = periodName(at('2026-11-27T04:00:00Z'), at('2026-11-29T04:00:00Z'), PARIS, '05:00');
    expect(period).toEqual({ kind: 'days', first: '2026-11-27', last: '2026-11-28' });
    expect(periodLabels(period, { format: 'DD.MM.YYYY', tz: PARIS })).toEqual({ from: '27.11.2026', to: '28.11.2026' });
    expect(periodLabels(period, { format: 'MM/DD/YYYY', tz: PARIS })).toEqual({ from: '11/27/2026', to: '11/28/2026' });
    expect(periodLabels(period, { format: 'YYYY-MM-DD', tz: PARIS })).toEqual({ from: '2026-11-27', to: '2026-11-28' });
  });

  it('an empty or backwards period is two instants', () => {
    expect(periodName(5, 5, PARIS).kind).toBe('instants');
  });
});

describe('bucketNamer: rows by their business date, or by their wall-clock time', () => {
  const label = (iso: string, granularity: number, changeOfDay = '05:00', tz = PARIS) => bucketLabel(bucketNamer({ granularity, tz, changeOfDay })(at(iso)), granularity);
  it.each([
    // Issue 29 item 8: the daily row of 01/11 at a site whose day starts at 05:00 read "01/11/2026 05:00".
    ['2026-11-01T04:00:00Z', 86400, '05:00', '2026-11-01'],
    ['2026-11-02T03:59:00Z', 86400, '05:00', '2026-11-01'],
    ['2026-11-02T04:00:00Z', 604800, '05:00', '2026-11-02'],
    ['2026-11-01T04:00:00Z', 2592000, '05:00', '2026-11'],
    ['2026-12-01T03:00:00Z', 2592000, '05:00', '2026-11'],
    ['2026-11-01T04:00:00Z', 3600, '05:00', '2026-11-01 05:00'],
    ['2026-11-02T00:00:00Z', 3600, '05:00', '2026-11-02 01:00'],
    // The repeated hour of the fall-back: two rows, both 02:00 on the wall clock.
    ['2026-10-25T00:00:00Z', 3600, '00:00', '2026-10-25 02:00'],
    ['2026-10-25T01:00:00Z', 3600, '00:00', '2026-10-25 02:00'],
    ['2026-03-29T01:00:00Z', 900, '00:00', '2026-03-29 03:00'],
  ])('%s at %i s (day from %s) → %s', (iso, granularity, changeOfDay, expected) => {
    expect(label(iso, granularity, changeOfDay)).toBe(expected);
  });

  it.each([
    [PARIS, '2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z'],
    [PARIS, '2026-10-24T00:00:00Z', '2026-10-26T00:00:00Z'],
    ['America/St_Johns', '2026-03-07T00:00:00Z', '2026-03-09T12:00:00Z'],
    ['Asia/Kolkata', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'],
    ['Australia/Lord_Howe', '2026-04-04T00:00:00Z', '2026-04-06T00:00:00Z'],
  ])('gives every minute its wall clock in %s from %s (a change of clocks included), from offsets read per day', (tz, from, to) => {
    const name = bucketNamer({ granularity: 60, tz });
    for (let t = at(from); t < at(to); t += 60_000) expect(name(t)).toBe(t + tzOffsetMs(t, tz));
  });

  it('reads half-hour zones', () => {
    expect(label('2026-03-01T22:30:00Z', 900, '00:00', 'Asia/Kolkata')).toBe('2026-03-02 04:00');
  });
});

describe('bucketStarts: every row of a period, with or without data', () => {
  it.each([
    ['hours of the spring-forward day', '2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z', 3600, '00:00', PARIS, 23],
    ['hours of the fall-back day', '2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z', 3600, '00:00', PARIS, 25],
    ['quarter hours of a year', '2025-12-31T23:00:00Z', '2026-12-31T23:00:00Z', 900, '00:00', PARIS, 365 * 96],
    ['days 27-28/11 from 05:00', '2026-11-27T04:00:00Z', '2026-11-29T04:00:00Z', 86400, '05:00', PARIS, 2],
    ['weeks of November 2026', '2026-11-02T04:00:00Z', '2026-11-30T04:00:00Z', 604800, '05:00', PARIS, 4],
    ['months of 2026', '2025-12-31T23:00:00Z', '2026-12-31T23:00:00Z', 2592000, '00:00', PARIS, 12],
  ])('%s', (_name, from, to, granularity, changeOfDay, tz, count) => {
    expect(bucketCount(at(from), at(to), { granularity, tz, changeOfDay })).toBe(count);
  });

  it('gives the day rows their starts at the change of day', () => {
    expect([...bucketStarts(at('2026-11-27T04:00:00Z'), at('2026-11-29T04:00:00Z'), { granularity: 86400, tz: PARIS, changeOfDay: '05:00' })]).toEqual([
      at('2026-11-27T04:00:00Z'),
      at('2026-11-28T04:00:00Z'),
    ]);
  });

  it.each([
    [PARIS, '2026-10-24T22:00:00Z', 900],
    [PARIS, '2026-03-28T23:00:00Z', 3600],
    ['Australia/Lord_Howe', '2026-04-04T13:00:00Z', 900],
    ['Australia/Lord_Howe', '2026-10-03T13:00:00Z', 3600],
    ['Asia/Kolkata', '2026-03-01T18:30:00Z', 3600],
    ['America/St_Johns', '2026-11-01T02:30:00Z', 1800],
  ])('in %s from %s every %i s: the buckets the engine places readings in, each once, in order', (tz, from, granularity) => {
    const start = at(from);
    const end = start + 2 * 86_400_000;
    const seen: number[] = [];
    for (let t = start; t < end; t += 60_000) {
      const b = bucketStart(t, { granularity, tz });
      if (seen.at(-1) !== b) seen.push(b);
    }
    expect([...bucketStarts(start, end, { granularity, tz })]).toEqual(seen);
  });
});
