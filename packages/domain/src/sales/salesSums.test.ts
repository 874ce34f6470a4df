import { describe, expect, it } from 'vitest';
import { SALES_READING_METRICS, isOrder, roundedTurnover, salesReadingValue } from './salesSums.ts';

describe('the sales sums rule', () => {
  it('counts a receipt of 0 or more as an order, a negative one (a return) not', () => {
    expect([12.5, 0, -0.01, -30].map(isOrder)).toEqual([true, true, false, false]);
  });

  it('keeps turnover to the cent, halves up, whatever the float sum left behind', () => {
    expect(roundedTurnover(0.1 + 0.2)).toBe(0.3);
    expect(roundedTurnover(10.005)).toBe(10.01);
    expect(roundedTurnover(0.125)).toBe(0.13);
    expect(roundedTurnover(-0.125)).toBe(-0.12);
    expect(roundedTurnover(1234.5649)).toBe(1234.56);
  });

  it('names the readings in key order and reads each one from the sums', () => {
    expect([...SALES_READING_METRICS]).toEqual([...SALES_READING_METRICS].sort());
    const sums = { orders: 3, goodsSold: 7, turnover: 19.999 };
    expect(SALES_READING_METRICS.map((m) => salesReadingValue(m, sums))).toEqual([7, 3, 20]);
  });
});
