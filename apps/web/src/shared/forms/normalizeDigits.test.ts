import { describe, expect, it } from 'vitest';
import { normalizeDigits, normalizeNumberText } from './normalizeDigits.ts';

describe('normalizeDigits', () => {
  it.each([
    ['٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['۰۱۲۳۴۵۶۷۸۹', '0123456789'],
    ['٣٠', '30'],
    ['۳۰', '30'],
    // Mixed in one value (a pasted figure, then digits typed on another keyboard).
    ['1٢۳', '123'],
    ['100000', '100000'],
    ['', ''],
  ])('%s → %s', (typed, latin) => {
    expect(normalizeDigits(typed)).toBe(latin);
  });

  it('keeps every other character, signs and separators included', () => {
    expect(normalizeDigits('-١,٥ abc')).toBe('-1,5 abc');
  });
});

describe('normalizeNumberText', () => {
  it('writes the Arabic decimal separator as the field’s own', () => {
    expect(normalizeNumberText('٢٫٥')).toBe('2.5');
    expect(normalizeNumberText('٢٫٥', ',')).toBe('2,5');
  });

  it('keeps the length, so the caret can stay where it was', () => {
    const typed = '١٢٫۳۴';
    expect(normalizeNumberText(typed)).toHaveLength(typed.length);
  });
});
