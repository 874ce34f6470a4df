import { isoDateAddDays, parseIsoDate, toIsoDate } from '../time/calendarDate.ts';
import { zonedParts, zonedToUtc } from '../time/zonedTime.ts';
import type { WidgetConfiguration } from './widgetModel.ts';

/** What a kpis or zones widget compares its figure with (`configuration.comparison`; absent: the previous period). */
export const WIDGET_COMPARISONS = ['previousPeriod', 'previousYear', 'none'] as const;
export type WidgetComparison = (typeof WIDGET_COMPARISONS)[number];

export function isWidgetComparison(value: unknown): value is WidgetComparison {
  return typeof value === 'string' && (WIDGET_COMPARISONS as readonly string[]).includes(value);
}

/** The comparison a widget's configuration asks; absent or unknown is the previous period (every dashboard before the setting). */
export function comparisonOf(configuration: Pick<WidgetConfiguration, 'comparison'> | undefined): WidgetComparison {
  return isWidgetComparison(configuration?.comparison) ? configuration.comparison : 'previousPeriod';
}

/**
 * "Last year" is 52 weeks earlier (docs/decisions.md): the same weekdays, as retail compares
 * (a Saturday with a Saturday), at the same local wall-clock time in the site's time zone.
 */
export const PREVIOUS_YEAR_DAYS = 364;

/** The instant of the same local time of day, PREVIOUS_YEAR_DAYS days earlier, in `tz`. */
export function yearEarlier(ts: number, tz: string): number {
  const p = zonedParts(ts, tz);
  const { year, month, day } = parseIsoDate(isoDateAddDays(toIsoDate(p), -PREVIOUS_YEAR_DAYS))!;
  // Keep the milliseconds below the second (zonedParts reads whole seconds).
  return zonedToUtc({ year, month, day, hour: p.hour, minute: p.minute, second: p.second }, tz) + (((ts % 1000) + 1000) % 1000);
}
