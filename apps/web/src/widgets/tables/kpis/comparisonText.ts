import type { WidgetComparison } from '@sitelens/domain';

type Compared = Exclude<WidgetComparison, 'none'>;

// Literal keys (the catalogue test finds the keys the app uses by their text).
const EVOLUTION: Record<Compared, { whole: string; soFar: string }> = {
  previousPeriod: { whole: 'widgetComparison.evolution.previousPeriod', soFar: 'widgetComparison.evolution.previousPeriodSoFar' },
  previousYear: { whole: 'widgetComparison.evolution.previousYear', soFar: 'widgetComparison.evolution.previousYearSoFar' },
};
const PREVIOUS: Record<Compared, string> = {
  previousPeriod: 'widgetComparison.previous.previousPeriod',
  previousYear: 'widgetComparison.previous.previousYear',
};

/** The key of a figure's change sentence ("{{value}} vs same period last year"); null without a comparison. */
export function evolutionKey(comparison: WidgetComparison, soFar: boolean): string | null {
  if (comparison === 'none') return null;
  return soFar ? EVOLUTION[comparison].soFar : EVOLUTION[comparison].whole;
}

/** The key of the tooltip's compared figure ("Same period last year: {{value}}"); null without a comparison. */
export function previousKey(comparison: WidgetComparison): string | null {
  return comparison === 'none' ? null : PREVIOUS[comparison];
}
