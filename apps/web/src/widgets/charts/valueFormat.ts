import { formatMetricValue, isPercentageMetric, metricDefinition, type Widget } from '@sitelens/domain';
import { firstStrongIsolate } from '../../shared/bidi/isolate.ts';
import { evolutionText, showsEvolution } from '../core/evolutionText.ts';
import type { ChartEnv } from './chartEnv.ts';

/** Occupancy-like metrics: 1 occupied, 0 free (the catalogue's "presence" derivation). */
export function isBinaryMetric(metricId: string): boolean {
  return metricDefinition(metricId)?.derivation?.formula === 'presence';
}

/** The widget shows shares in percent of metrics that are not percentages already. */
export function showsShares(widget: Widget, metricId: string): boolean {
  return widget.configuration.isPercentage === true && !isPercentageMetric(metricId);
}

/**
 * Text that ECharts draws (values, axis names) in a right-to-left page. The chart's box stays left to
 * right (ChartCanvas), so a value in Arabic words ("13 د و18 ث") was laid out left to right and read
 * "18 s and 13 min"; isolated in its own first letter's direction it reads as LtrValue shows it in the
 * page, Arabic right to left and Latin units ("51.7 %RH") left to right.
 */
export function chartText(text: string, env: Pick<ChartEnv, 'rtl'>): string {
  return env.rtl ? firstStrongIsolate(text) : text;
}

/**
 * A value as the chart's tooltips and labels show it (spec 001 §9 through the domain's formatter):
 * occupied or free for a binary metric while live, otherwise the metric's decimals and unit, unless
 * the widget hides units; a share when the widget shows percentages; a change as the engine measured
 * it when the widget asks the metric's evolution ("+1.5 °C", "+5.0 pts", "+12.50 %"); isolated in a
 * right-to-left page.
 */
export function formatChartValue(metricId: string, value: number | null | undefined, widget: Widget, env: ChartEnv, opts: { share?: boolean; axis?: boolean } = {}): string {
  if (!opts.share && showsEvolution(widget, metricId)) {
    return chartText(evolutionText(metricId, value, { locale: env.locale, points: env.labels.points, hideUnit: widget.configuration.hideUnit, axis: opts.axis }), env);
  }
  if (env.live && isBinaryMetric(metricId) && typeof value === 'number') return chartText(value >= 0.5 ? env.labels.occupied : env.labels.free, env);
  const text = formatMetricValue(metricId, value, {
    locale: env.locale,
    hideUnit: widget.configuration.hideUnit,
    isPercentage: opts.share,
    trimZeros: opts.axis,
  });
  return chartText(text, env);
}

const compact = new Map<string, Intl.NumberFormat>();

/** Axis numbers as 1.2K, 3.4M (widgets with useCustomFormatter), in the user's language. */
export function compactNumber(value: number, locale: string): string {
  let f = compact.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    compact.set(locale, f);
  }
  return f.format(value);
}

/** Escapes text that ECharts puts into its HTML tooltip (zone and tag names are typed by users). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
