import type { TFunction } from 'i18next';

/** "visitorsOut" → "Visitors out": readable while the metrics namespace lacks a name. */
export function humanizeMetricId(metric: string): string {
  const words = metric.replace(/([a-z\d])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A metric's translated name; the metrics namespace owns the words, the spelled-out id is the fallback. */
export function metricName(t: TFunction, metric: string): string {
  return t(`metrics.${metric}`, { defaultValue: humanizeMetricId(metric) });
}

/** Keeps a number with its sign and unit in reading order inside right-to-left text. */
export const isolate = (text: string): string => `\u2066${text}\u2069`;
