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

describe('parseSalesDateHour on the usual shape, YYYY-MM-DDTHH:MM:SS with Z or ±HH:MM', () => {
  it('gives the instant Date.parse gives, and refuses impossible dates and times', () => {
    let seed = 11;
    const next = (n: number) => Math.floor(((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * n);
    const two = (v: number) => String(v).padStart(2, '0');
    for (let i = 0; i < 3000; i++) {
      const [year, month, day, hour, minute, second] = [1990 + next(41), next(14), next(33), next(26), next(61), next(61)];
      const offset = next(3) === 0 ? 'Z' : `${next(2) ? '+' : '-'}${two(next(15))}:${two([0, 30, 45][next(3)]!)}`;
      const text = `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}${offset}`;
      const possible = month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate() && hour <= 23 && minute <= 59 && second <= 59;
      expect(parseSalesDateHour(text), text).toEqual(possible ? { ok: true, ts: Date.parse(text) } : { ok: false, reason: 'invalidDate' });
    }
  });
});
