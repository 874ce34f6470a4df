import { describe, expect, it } from 'vitest';
import { formatPercent } from './formatPercent.ts';

describe('formatPercent: one rule per language, the spec’s 2 decimals', () => {
  it.each([
    ['en', '14.52%'],
    ['fr', '14,52\u00a0%'],
    ['de', '14,52\u00a0%'],
    ['it', '14,52%'],
    ['es', '14,52\u00a0%'],
    // Arabic: Intl's own, with the digits it gives every figure of the app and no invisible marks.
    ['ar', `${new Intl.NumberFormat('ar', { minimumFractionDigits: 2 }).format(14.52)}%`],
  ])('%s writes 14.52 as %s', (locale, text) => {
    expect(formatPercent(14.52, locale)).toBe(text);
  });

  it('keeps the asked decimals, rounds half away from zero, falls back to English', () => {
    expect(formatPercent(24.36, 'en', 1)).toBe('24.4%');
    expect(formatPercent(-3, 'en')).toBe('-3.00%');
    expect(formatPercent(12.5, 'not a locale!')).toBe('12.50%');
  });

  it('leaves no direction mark in Arabic: the app isolates the figure itself', () => {
    expect(formatPercent(-3, 'ar')).not.toMatch(/[\u200e\u200f\u061c]/u);
  });

  it.each([null, undefined, Number.NaN])('writes "-" for %s', (v) => {
    expect(formatPercent(v, 'en')).toBe('-');
  });
});
