import { type DateFormat, GRANULARITIES, type Language, formatIsoDateWithWeekday, isLanguage } from '@sitelens/domain';
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

/** The message-catalogue key of a granularity's name. */
export const granularityKey = (seconds: number): string => `reports.granularity.${GRANULARITY_KEYS[seconds] ?? 'h1'}`;

/** Closed days named and listed as the report's language does ("Saturday 28/03/2026 and Sunday 29/03/2026"). */
export function closedDayList(lang: string, dates: readonly string[], format: DateFormat): string {
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(dates.map((d) => formatIsoDateWithWeekday(d, format, lang)));
}
