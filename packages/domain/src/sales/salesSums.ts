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

/** Turnover is counted in whole cents (hundredths): each receipt's, when it is imported, then added up. */
export const TURNOVER_SCALE = 100;

/** One quarter hour's receipts added up; turnover in whole cents, so that any order of adding gives the same sum. */
export interface SalesSums {
  orders: number;
  goodsSold: number;
  turnoverCents: number;
}

export const isOrder = (turnover: number): boolean => turnover >= ORDER_MIN_TURNOVER;

/**
 * A receipt's turnover in whole cents, halves away from zero (a return cancels its sale), once the
 * float noise of a decimal amount is gone: 1.005 is stored as 1.00499…, and 7.50 × 1.17 computes
 * as 8.774999…; they give 101 and 878.
 */
export function turnoverCents(turnover: number): number {
  const hundredths = Math.round(Math.abs(turnover) * TURNOVER_SCALE * 1e6) / 1e6;
  return Math.sign(turnover) * Math.floor(hundredths + 0.5) || 0;
}

/** A receipt's turnover as it is stored: its amount converted to the reporting currency, kept to the cent. */
export const receiptTurnover = (amount: number, rate: number): number => turnoverCents(amount * rate) / TURNOVER_SCALE;

/** Adds one receipt (its stored turnover, whole cents already) to a quarter hour's sums, in place; new sums when there were none. */
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
