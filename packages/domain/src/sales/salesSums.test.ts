import { describe, expect, it } from 'vitest';
import { SALES_READING_METRICS, type SalesSums, addReceipt, isOrder, receiptTurnover, salesReadingValue, turnoverCents } from './salesSums.ts';

const sumOf = (receipts: Array<[items: number, turnover: number]>): SalesSums | undefined =>
  receipts.reduce<SalesSums | undefined>((sums, [items, turnover]) => addReceipt(sums, items, turnover), undefined);

describe('the sales sums rule', () => {
  it('counts a receipt of 0 or more as an order, a negative one (a return) not', () => {
    expect([12.5, 0, -0.01, -30].map(isOrder)).toEqual([true, true, false, false]);
    expect(sumOf([[1, 12.5], [1, 0], [2, -0.01]])?.orders).toBe(2);
  });

  it("keeps each receipt's turnover to the cent, halves away from zero, whatever the float left behind", () => {
    expect([0.1 + 0.2, 10.005, 1.005, 0.145, 0.125, -0.125, 1234.5649, 19.999, 2.925, -2.925, -0.001].map(turnoverCents)).toEqual([
      30, 1001, 101, 15, 13, -13, 123456, 2000, 293, -293, 0,
    ]);
    // Converted amounts: 7.50 × 1.17 computes as 8.774999999999999, and is 8.78.
    expect([receiptTurnover(7.5, 1.17), receiptTurnover(2.5, 1.17), receiptTurnover(-2.5, 1.17), receiptTurnover(12.34, 1)]).toEqual([8.78, 2.93, -2.93, 12.34]);
    // Each receipt is rounded, then added: two receipts of 10.004 make 20.00, not 20.01; a return cancels its sale.
    expect(salesReadingValue('turnover', sumOf([[1, 10.004], [1, 10.004]])!)).toBe(20);
    expect(salesReadingValue('turnover', sumOf([[1, receiptTurnover(2.5, 1.17)], [-1, receiptTurnover(-2.5, 1.17)]])!)).toBe(0);
  });

  it('gives the same sums in any order of adding, where a float sum rounded once could land a cent apart', () => {
    // Three converted amounts whose float sum is 247.11499999999998 one way and 247.115 the other.
    const receipts: Array<[number, number]> = [[1, 83.687], [2, 73.667], [1, 89.761]];
    const roundedFloatSum = (list: Array<[number, number]>) => Math.floor(list.reduce((sum, [, t]) => sum + t, 0) * 100 + 0.5) / 100;
    expect([roundedFloatSum(receipts), roundedFloatSum([...receipts].reverse())]).toEqual([247.11, 247.12]);
    const readings = [receipts, [...receipts].reverse(), [receipts[1]!, receipts[2]!, receipts[0]!]].map((list) =>
      SALES_READING_METRICS.map((m) => salesReadingValue(m, sumOf(list)!)),
    );
    expect(readings).toEqual([[4, 3, 247.12], [4, 3, 247.12], [4, 3, 247.12]]);
  });

  it('names the readings in key order and reads each one from the sums', () => {
    expect([...SALES_READING_METRICS]).toEqual([...SALES_READING_METRICS].sort());
    expect(SALES_READING_METRICS.map((m) => salesReadingValue(m, { orders: 3, goodsSold: 7, turnoverCents: 2000 }))).toEqual([7, 3, 20]);
  });
});
