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

/** Turnover is summed, then kept to the cent (hundredths, halves up). */
export const TURNOVER_SCALE = 100;

/** One quarter hour's receipts added up. */
export interface SalesSums {
  orders: number;
  goodsSold: number;
  turnover: number;
}

export const isOrder = (turnover: number): boolean => turnover >= ORDER_MIN_TURNOVER;

/** A summed turnover kept to the cent: floor(x · 100 + 0.5) / 100, as the SQL path computes it. */
export const roundedTurnover = (sum: number): number => Math.floor(sum * TURNOVER_SCALE + 0.5) / TURNOVER_SCALE;

/** The reading of one metric for a quarter hour's sums. */
export function salesReadingValue(metric: SalesReadingMetric, sums: SalesSums): number {
  return metric === 'turnover' ? roundedTurnover(sums.turnover) : sums[metric];
}
