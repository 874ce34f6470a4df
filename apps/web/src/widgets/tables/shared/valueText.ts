import { formatMetricValue } from '@sitelens/domain';

export interface ValueTextOptions {
  locale: string;
  hideUnit?: boolean;
  isPercentage?: boolean;
  /** The page is live: binary occupancy reads as words (spec 001 §4). */
  live: boolean;
  occupancyTexts: { occupied: string; free: string };
}

/** A value as a widget shows it: the domain's formatting, or occupied / free for live binary occupancy. */
export function valueText(metric: string, value: number | null | undefined, opts: ValueTextOptions): string {
  if (opts.live && metric === 'occupancy' && (value === 0 || value === 1)) return value === 1 ? opts.occupancyTexts.occupied : opts.occupancyTexts.free;
  return formatMetricValue(metric, value, { locale: opts.locale, hideUnit: opts.hideUnit, isPercentage: opts.isPercentage });
}
