import { describe, expect, it } from 'vitest';
import { isSortBy, rankSeries, seriesFigure } from './seriesRanking.ts';

const s = (key: string, ...values: Array<number | null>) => ({ key, points: values.map((value) => ({ value })) });

describe('seriesRanking', () => {
  it('takes the total of a count and the mean of a level', () => {
    expect(seriesFigure('visitorsIn', [1, 2, null, 3])).toBe(6);
    expect(seriesFigure('co2', [400, 600])).toBe(500);
    expect(seriesFigure('visitorsIn', [null])).toBeNull();
  });

  it.each([
    ['DESC', ['b', 'c', 'a', 'none']],
    ['ASC', ['a', 'c', 'b', 'none']],
  ])('ranks series %s, those without figures last', (order, keys) => {
    const series = [s('a', 1, 1), s('none', null), s('b', 10), s('c', 2, 3)];
    expect(rankSeries('visitorsIn', series, order).map((x) => x.key)).toEqual(keys);
    expect(series.map((x) => x.key)).toEqual(['a', 'none', 'b', 'c']);
  });

  it('keeps ties in their first order and knows its sort types', () => {
    expect(rankSeries('visitorsIn', [s('x', 5), s('y', 5)], 'DESC').map((x) => x.key)).toEqual(['x', 'y']);
    expect(isSortBy({ type: 'value', order: 'DESC' })).toBe(true);
    expect(isSortBy({ type: 'name', order: 'DESC' })).toBe(false);
    expect(isSortBy({ type: 'value', order: 'down' })).toBe(false);
  });
});
