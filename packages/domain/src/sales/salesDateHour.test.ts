import { describe, expect, it } from 'vitest';
import { parseSalesDateHour } from './salesDateHour.ts';

describe('parseSalesDateHour', () => {
  it.each([
    ['2026-02-27T10:15:00Z', '2026-02-27T10:15:00.000Z'],
    ['2026-02-27T10:15Z', '2026-02-27T10:15:00.000Z'],
    ['2026-02-27 10:15:30+01:00', '2026-02-27T09:15:30.000Z'],
    ['2026-02-27T10:15:00+0530', '2026-02-27T04:45:00.000Z'],
    ['2026-02-27T10:15:00-03', '2026-02-27T13:15:00.000Z'],
    ['2026-02-27T10:15:00.250Z', '2026-02-27T10:15:00.250Z'],
    ['2026-07-01T10:00:00[Europe/Paris]', '2026-07-01T08:00:00.000Z'],
    ['2026-01-01T10:00:00[Europe/Paris]', '2026-01-01T09:00:00.000Z'],
    ['2026-03-29T02:30:00[Europe/Paris]', '2026-03-29T01:00:00.000Z'],
    ['2026-07-01T10:00:00+00:00[Europe/Paris]', '2026-07-01T10:00:00.000Z'],
    ['2028-02-29T10:00:00Z', '2028-02-29T10:00:00.000Z'],
    ['2000-02-29T10:00:00Z', '2000-02-29T10:00:00.000Z'],
    ['2026-12-31T23:59:59Z', '2026-12-31T23:59:59.000Z'],
  ])('%s is %s', (text, iso) => {
    const result = parseSalesDateHour(text);
    expect(result.ok && new Date(result.ts).toISOString()).toBe(iso);
  });

  it.each([
    ['2026-02-27', 'invalidDate'],
    ['27/02/2026 10:15', 'invalidDate'],
    ['2026-02-27T24:00:00Z', 'invalidDate'],
    ['2026-02-29T10:00:00Z', 'invalidDate'],
    ['2100-02-29T10:00:00Z', 'invalidDate'],
    ['2026-04-31T10:00:00Z', 'invalidDate'],
    ['2026-02-27T10:15:00', 'dateWithoutZone'],
    ['2026-02-27T10:15:00[Nowhere/City]', 'unknownTimeZone'],
  ])('%s is refused: %s', (text, reason) => {
    expect(parseSalesDateHour(text)).toEqual({ ok: false, reason });
  });
});
