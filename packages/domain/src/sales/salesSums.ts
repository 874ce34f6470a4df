/**
 * How a quarter hour's receipts of one shop become its sales readings: the one rule that both
 * write paths follow (the new period's, summed in the application, and the replacing one, summed
 * in SQL from these same constants).
 */

/** The readings each quarter hour of a shop's receipts gives, in the readings' key order (by metric name). */
export const SALES_READING_METRICS = ['goodsSold', 'orders', 'turnover'] as const;
export type SalesReadingMetric = (typeof SALES_READING_METRICS)[number];

/** A receipt is an order when its turnover is at least this; a negative turnover is a return. */
export const ORDER_MIN_TURNOVER = 0;

/** Turnover is counted in whole cents (hundredths): each receipt's, halves up, then added up. */
export const TURNOVER_SCALE = 100;

/** One quarter hour's receipts added up; turnover in whole cents, so that any order of adding gives the same sum. */
export interface SalesSums {
  orders: number;
  goodsSold: number;
  turnoverCents: number;
}

export const isOrder = (turnover: number): boolean => turnover >= ORDER_MIN_TURNOVER;

/** A receipt's turnover in whole cents: floor(x · 100 + 0.5), as the SQL path computes it. */
export const turnoverCents = (turnover: number): number => Math.floor(turnover * TURNOVER_SCALE + 0.5);

/** Adds one receipt to a quarter hour's sums, in place; new sums when there were none. */
export function addReceipt(sums: SalesSums | undefined, items: number, turnover: number): SalesSums {
  const to = sums ?? { orders: 0, goodsSold: 0, turnoverCents: 0 };
  if (isOrder(turnover)) to.orders += 1;
  to.goodsSold += items;
  to.turnoverCents += turnoverCents(turnover);
  return to;
}

/** The reading of one metric for a quarter hour's sums. */
export function salesReadingValue(metric: SalesReadingMetric, sums: SalesSums): number {
  return metric === 'turnover' ? sums.turnoverCents / TURNOVER_SCALE : sums[metric];
}
