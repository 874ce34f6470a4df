import type { MetricDefinition } from './metricDefinition.ts';

// Turnover, orders and goods sold are the organization's sales: only callers with the sales right read them.
const sales = { family: 'sales', right: 'salesData' } as const;
const summed = { maximum: 'sum', defaultAggregation: 'sum' } as const;
const perOrder = { maximum: 'max', defaultAggregation: 'average' } as const;
const stored = (id: string) => ({ id, kind: 'stored', storedAs: id }) as const;
const ratio = (id: string, numerator: string, denominator: string) => ({
  id,
  kind: 'derived' as const,
  derivation: { inputs: [numerator, denominator], formula: 'ratio' },
});

export const RETAIL_METRICS: readonly MetricDefinition[] = [
  { ...sales, ...stored('turnover'), ...summed, unit: '€', precision: 2, color: '#15803D', icon: 'IconCurrencyEuro' },
  { ...sales, ...stored('orders'), ...summed, unit: null, precision: 0, color: '#2563EB', icon: 'IconReceipt' },
  { ...sales, ...stored('goodsSold'), ...summed, unit: null, precision: 0, color: '#7C3AED', icon: 'IconPackages' },
  // Averages per order: a bar shows them against the largest, not their sum.
  { ...sales, ...ratio('basketPrice', 'turnover', 'orders'), ...perOrder, unit: '€', precision: 2, color: '#B45309', icon: 'IconBasket' },
  { ...sales, ...ratio('basketSize', 'goodsSold', 'orders'), ...perOrder, unit: null, precision: 1, color: '#0D9488', icon: 'IconShoppingBag' },
  // The funnel's sales index: turnover per entry, what an average visitor spends (conversion × basket price).
  { ...sales, ...ratio('salesIndex', 'turnover', 'visitorsIn'), ...perOrder, unit: '€', precision: 2, color: '#9333EA', icon: 'IconCoins' },
  // End of the funnel: buyers among passers-by (conversionRate is buyers among entries).
  {
    ...sales,
    ...ratio('salesConversion', 'orders', 'pedestrians'),
    unit: '%',
    precision: 2,
    percentage: true,
    maximum: 'hundred',
    defaultAggregation: 'weightedPercentage',
    color: '#DB2777',
    icon: 'IconTrendingUp',
  },
];
