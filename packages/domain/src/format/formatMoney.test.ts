import { describe, expect, it } from 'vitest';
import { currencyOfUnit, formatMoney } from './formatMoney.ts';

describe('formatMoney: one rule per language, the spec’s 2 decimals', () => {
  it.each([
    ['en', '€89.72'],
    ['fr', '89,72\u00a0€'],
    ['de', '89,72\u00a0€'],
    ['it', '89,72\u00a0€'],
    ['es', '89,72\u00a0€'],
    ['ar', `${new Intl.NumberFormat('ar', { minimumFractionDigits: 2 }).format(89.72)}\u00a0€`],
  ])('%s writes 89.72 EUR as %s', (locale, text) => {
    expect(formatMoney(89.72, locale, 'EUR')).toBe(text);
  });

  it('writes the reporting currency, groups thousands and keeps the decimals asked', () => {
    expect(formatMoney(1234.5, 'en', 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'fr', 'EUR')).toBe('1\u202f234,50\u00a0€');
    expect(formatMoney(2, 'en', 'EUR', 0)).toBe('€2');
    expect(formatMoney(-5, 'ar', 'EUR')).not.toMatch(/[\u200e\u200f\u061c]/u);
  });

  it('writes an unknown currency code after the amount, and "-" for a missing amount', () => {
    expect(formatMoney(3, 'en', 'NOPE1')).toBe('3.00 NOPE1');
    expect(formatMoney(null, 'en', 'EUR')).toBe('-');
  });

  it('knows the catalogue’s money unit', () => {
    expect(currencyOfUnit('€')).toBe('EUR');
    expect(currencyOfUnit('kWh')).toBeNull();
  });
});
