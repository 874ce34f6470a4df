import { describe, expect, it } from 'vitest';
import {
  formatFunnelMoney,
  formatFunnelRate,
  parseSalesFunnelQuery,
  salesFunnelPeriodOf,
  salesFunnelTableRows,
  showsSalesFunnelTotal,
  writeSalesFunnelQuery,
} from './salesFunnelQuery.ts';

describe('sales funnel query string', () => {
  it.each([
    ['?sites=12,7&dates=2026-01-01,2025-12-01', { siteIds: [12, 7], dates: ['2025-12-01', '2026-01-01'] }],
    ['?sites=12,abc,-3,4.5,7&dates=2026-1-01,01/02/2026,2026-02-30,2026-02-01', { siteIds: [12, 7], dates: ['2026-02-01'] }],
    ['?sites=3&sites=3,9', { siteIds: [3, 9], dates: [] }],
    ['', { siteIds: [], dates: [] }],
  ])('%s', (search, expected) => {
    expect(parseSalesFunnelQuery(search)).toEqual(expected);
  });

  it('writes the selection and keeps other parameters', () => {
    expect(writeSalesFunnelQuery('?tab=x&sites=1', { siteIds: [4, 2], dates: ['2026-02-01', '2026-01-01'] })).toBe(
      '?tab=x&sites=4%2C2&dates=2026-01-01%2C2026-02-01',
    );
    expect(writeSalesFunnelQuery('?sites=1', { siteIds: [], dates: [] })).toBe('');
  });

  it.each([
    [[1], ['2026-01-01'], false],
    [[1, 2], [], false],
    [[1, 2], ['2026-01-01'], true],
  ])('total row for sites %j and dates %j: %s', (siteIds, dates, shown) => {
    expect(showsSalesFunnelTotal({ siteIds, dates })).toBe(shown);
  });
});

describe('funnel formatting', () => {
  it.each([
    [1234.5, 'en', 'EUR', '€1,234.50'],
    [1234.5, 'fr', 'EUR', '1\u202f234,50\u00a0€'],
    [22.21, 'de', 'EUR', '22,21\u00a0€'],
    [null, 'en', 'EUR', '-'],
  ])('money %s in %s', (value, locale, currency, text) => {
    expect(formatFunnelMoney(value, locale, currency)).toBe(text);
  });

  it.each([
    [24.36, 'en', '24.4%'],
    [24.36, 'fr', '24,4\u00a0%'],
    [null, 'en', '-'],
    [Number.NaN, 'en', '-'],
  ])('rate %s in %s', (value, locale, text) => {
    expect(formatFunnelRate(value, locale)).toBe(text);
  });

  it('periods are calendar months', () => {
    expect(salesFunnelPeriodOf('2024-02-17')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
  });
});

describe('funnel table rows', () => {
  const none = { siteId: 1, pedestrian: null, affluenceIn: null, numberOfOrders: null, numberOfGoodsSold: null, turnover: null, captureRate: null };
  it('gives no rows (the no-results text) when no selected shop has a counted figure', () => {
    expect(salesFunnelTableRows([])).toEqual([]);
    expect(salesFunnelTableRows([none, { ...none, siteId: 2 }])).toEqual([]);
  });

  it("keeps every shop's row, the empty ones too, as soon as one shop has a figure (a zero counts)", () => {
    const rows = [none, { ...none, siteId: 2, affluenceIn: 0 }];
    expect(salesFunnelTableRows(rows)).toBe(rows);
    expect(salesFunnelTableRows([{ ...none, turnover: 12.5 }])).toHaveLength(1);
  });
});
