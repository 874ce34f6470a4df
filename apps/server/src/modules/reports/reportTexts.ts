import { type ClosedDaysSummary, type DateFormat, GRANULARITIES, type Language, conjunctionList, formatIsoDateWithWeekday, isLanguage, languageDateFormat, weekdayName } from '@sitelens/domain';
import type { Texts } from '../../messages/render/messageTexts.ts';
import { catalogues } from '../translations/catalogues.ts';

/** A metric's name in a language, from the catalogue the web app shows (English, then its id, when missing). */
export function metricLabel(lang: string, metric: string): string {
  const texts = catalogues().texts;
  const own = (texts.get((isLanguage(lang) ? lang : 'en') as Language)?.metrics as Record<string, unknown> | undefined)?.[metric];
  const english = (texts.get('en')?.metrics as Record<string, unknown> | undefined)?.[metric];
  return typeof own === 'string' ? own : typeof english === 'string' ? english : metric;
}

const GRANULARITY_KEYS: Record<number, string> = {
  [GRANULARITIES.minute]: 'minute',
  [GRANULARITIES.fifteenMinutes]: 'quarter',
  [GRANULARITIES.hour]: 'h1',
  10800: 'h3',
  21600: 'h6',
  [GRANULARITIES.day]: 'day',
  [GRANULARITIES.week]: 'week',
  [GRANULARITIES.month]: 'month',
};

/** The message-catalogue key of a granularity's name, as a label stands alone ("Every 15 minutes", a spreadsheet cell). */
export const granularityKey = (seconds: number): string => `reports.granularity.${GRANULARITY_KEYS[seconds] ?? 'h1'}`;

/** The key of its form inside a sentence ("… to 29/11/2026 (every 15 minutes)."): lowercase where the language writes it so. */
export const granularityInTextKey = (seconds: number): string => `reports.granularityInText.${GRANULARITY_KEYS[seconds] ?? 'h1'}`;

/** Closed days named and listed as the report's language does ("Saturday 28/03/2026 and Sunday 29/03/2026"). */
export function closedDayList(lang: string, dates: readonly string[], format: DateFormat): string {
  return conjunctionList(lang, dates.map((d) => formatIsoDateWithWeekday(d, format, lang)));
}

/** Weekdays named and listed as the report's language does ("Saturday and Sunday"). */
const weekdayList = (lang: string, weekdays: readonly number[]): string => conjunctionList(lang, weekdays.map((d) => weekdayName(d, lang)));

/**
 * The mail's sentence on the days the site did not open: each named when few ("was closed on Sunday
 * 29/11/2026"), otherwise counted, by weekday when they are every such weekday of the period ("was
 * closed on 52 days of the period (every Sunday)"); null when it opened every day.
 */
export function closedDaysSentence(lang: string, t: Texts, site: string, closed: ClosedDaysSummary): string | null {
  const count = closed.dates.length;
  if (count === 0) return null;
  if (closed.named) return t(count === 1 ? 'reports.closed.one' : 'reports.closed.some', { site, days: closedDayList(lang, closed.dates, languageDateFormat(lang)) });
  if (closed.weekdays) return t('reports.closed.weekdays', { site, count, weekdays: weekdayList(lang, closed.weekdays) });
  return t('reports.closed.counted', { site, count });
}

/** The workbook's "Days closed" cell, by the same rule: the dates, or "52 days (every Sunday)". */
export function closedDaysCell(lang: string, t: Texts, closed: ClosedDaysSummary): string {
  const count = closed.dates.length;
  if (closed.named) return closedDayList(lang, closed.dates, languageDateFormat(lang));
  if (closed.weekdays) return t('reports.sheet.closedWeekdays', { count, weekdays: weekdayList(lang, closed.weekdays) });
  return t('reports.sheet.closedCounted', { count });
}
