import { describe, expect, it } from 'vitest';
import { weekdayName } from './weekdayName.ts';

describe('weekdayName', () => {
  it('names ISO weekdays in the language, long by default', () => {
    expect([1, 7].map((d) => weekdayName(d, 'en'))).toEqual(['Monday', 'Sunday']);
    expect(weekdayName(7, 'fr')).toBe('dimanche');
    expect(weekdayName(6, 'de')).toBe('Samstag');
    expect(weekdayName(5, 'ar')).toBe('الجمعة');
  });

  it('gives the short names too', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((d) => weekdayName(d, 'en', 'short'))).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });
});
