import { describe, expect, it } from 'vitest';
import { formatIsoDate, parseTypedDate } from './filterDates.ts';

describe('typed dates of the date picker', () => {
  it.each([
    ['03/11/2026', '2026-11-03'],
    ['3/11/2026', '2026-11-03'],
    ['2026-11-03', '2026-11-03'],
    ['29/02/2024', '2024-02-29'],
  ])('reads %s as %s', (typed, iso) => expect(parseTypedDate(typed)).toBe(iso));

  it.each(['31/02/2026', '29/02/2025', '2026-13-01', '11/2026', 'yesterday', ''])('refuses %s', (typed) => expect(parseTypedDate(typed)).toBeNull());

  it('shows dates as DD/MM/YYYY, the spec default', () => expect(formatIsoDate('2026-01-09')).toBe('09/01/2026'));
});
