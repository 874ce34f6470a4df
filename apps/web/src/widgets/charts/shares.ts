import type { Widget } from '@sitelens/domain';
import type { ChartSeries } from './chartData.ts';
import { showsShares } from './valueFormat.ts';

/**
 * isPercentage (spec 001 §3): each value as a percentage of its category's total over the series
 * shown as shares; series of percentage metrics, already in %, are left as they are.
 */
export function asShares(series: readonly ChartSeries[], widget: Widget): ChartSeries[] {
  const shared = series.filter((s) => showsShares(widget, s.metric));
  if (shared.length === 0) return [...series];
  const length = series[0]?.values.length ?? 0;
  const totals = Array.from({ length }, (_, i) => shared.reduce((sum, s) => sum + Math.abs(s.values[i] ?? 0), 0));
  return series.map((s) =>
    showsShares(widget, s.metric)
      ? { ...s, values: s.values.map((v, i) => (v === null ? null : totals[i] ? (v / totals[i]!) * 100 : 0)) }
      : s,
  );
}
