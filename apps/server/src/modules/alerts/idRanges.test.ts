import { describe, expect, it } from 'vitest';
import { fromRanges, toRanges } from './idRanges.ts';

describe('alert ids as runs of consecutive ids (an evaluation job of a batch wake-up)', () => {
  it('folds runs and keeps lone ids, and unfolds to the same ids', () => {
    const ids = [3, 4, 5, 9, 11, 12, 1000];
    expect(toRanges(ids)).toEqual([[3, 5], [9, 9], [11, 12], [1000, 1000]]);
    expect(fromRanges(toRanges(ids))).toEqual(ids);
    expect(toRanges([])).toEqual([]);
    const thousand = Array.from({ length: 1000 }, (_, i) => 501 + i);
    expect(toRanges(thousand)).toEqual([[501, 1500]]);
    expect(fromRanges(toRanges(thousand))).toEqual(thousand);
  });
});
