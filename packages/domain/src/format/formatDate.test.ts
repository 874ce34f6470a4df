import { describe, expect, it } from 'vitest';
import { formatDate, formatIsoDateWithWeekday, type DateFormat } from './formatDate.ts';

const utc = (iso: string): number => Date.parse(iso);

describe('formatDate', () => {
  it.each<[string, DateFormat, string, boolean, string]>([
    ['2026-03-09T08:05:00Z', 'DD/MM/YYYY', 'Europe/Paris', false, '09/03/2026'],
    ['2026-03-09T08:05:00Z', 'MM/DD/YYYY', 'Europe/Paris', false, '03/09/2026'],
    ['2026-03-09T08:05:00Z', 'YYYY-MM-DD', 'Europe/Paris', false, '2026-03-09'],
    ['2026-03-09T08:05:00Z', 'DD.MM.YYYY', 'Europe/Paris', false, '09.03.2026'],
    ['2026-03-09T08:05:00Z', 'DD/MM/YYYY', 'Europe/Paris', true, '09/03/2026 09:05'],
    ['2026-07-09T08:05:00Z', 'DD/MM/YYYY', 'Europe/Paris', true, '09/07/2026 10:05'],
    ['2026-03-09T23:30:00Z', 'DD/MM/YYYY', 'Europe/Paris', false, '10/03/2026'],
    ['2026-03-09T23:30:00Z', 'DD/MM/YYYY', 'America/New_York', true, '09/03/2026 19:30'],
    ['2026-03-09T19:00:00Z', 'YYYY-MM-DD', 'Asia/Kolkata', true, '2026-03-10 00:30'],
    ['2026-03-09T00:00:00Z', 'DD.MM.YYYY', 'UTC', true, '09.03.2026 00:00'],
  ])('%s as %s in %s (time: %s) → %s', (iso, format, tz, withTime, expected) => {
    expect(formatDate(utc(iso), { format, tz, withTime })).toBe(expected);
  });
});

describe('formatIsoDateWithWeekday', () => {
  it.each([
    ['2026-11-29', 'DD/MM/YYYY', 'en', 'Sunday 29/11/2026'],
    ['2026-11-29', 'DD/MM/YYYY', 'fr', 'dimanche 29/11/2026'],
    ['2026-11-29', 'DD.MM.YYYY', 'de', 'Sonntag, 29.11.2026'],
    ['2026-11-28', 'DD/MM/YYYY', 'es', 'sábado 28/11/2026'],
    ['2026-03-29', 'YYYY-MM-DD', 'it', 'domenica 2026-03-29'],
  ] as const)('%s in %s (%s) → %s', (date, format, lang, expected) => {
    expect(formatIsoDateWithWeekday(date, format, lang)).toBe(expected);
  });
});
