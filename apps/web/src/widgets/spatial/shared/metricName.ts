import type { TFunction } from 'i18next';

/** A metric's translated name; the metrics namespace owns the words, the id is the last resort. */
export function metricName(t: TFunction, metric: string): string {
  return t(`metrics.${metric}`, { defaultValue: metric });
}
