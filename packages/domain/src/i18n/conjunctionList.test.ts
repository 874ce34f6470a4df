import { describe, expect, it } from 'vitest';
import { conjunctionList } from './conjunctionList.ts';

describe('conjunctionList', () => {
  it('lists with the language\'s "and"', () => {
    expect(conjunctionList('en', ['Fitting rooms', 'Checkout'])).toBe('Fitting rooms and Checkout');
    expect(conjunctionList('en', ['a', 'b', 'c'])).toBe('a, b, and c');
    expect(conjunctionList('fr', ['entrées', 'sorties'])).toBe('entrées et sorties');
    expect(conjunctionList('ar', ['أ', 'ب', 'ج'])).not.toContain(',');
  });

  it('leaves one item alone and none empty', () => {
    expect(conjunctionList('de', ['Kasse'])).toBe('Kasse');
    expect(conjunctionList('it', [])).toBe('');
  });
});
