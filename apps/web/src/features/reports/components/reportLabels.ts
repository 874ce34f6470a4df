import type { TFunction } from 'i18next';

const GRANULARITY_KEYS: Record<number, string> = { 3600: 'h1', 10800: 'h3', 21600: 'h6', 86400: 'day', 604800: 'week', 2592000: 'month' };

export const granularityLabel = (t: TFunction, seconds: number) => t(`reports.granularity.${GRANULARITY_KEYS[seconds] ?? 'h1'}`);

/** A weekday's name (1 = Monday) from the browser's locale data, in the interface language. */
export function weekdayName(lang: string, isoDay: number): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, isoDay)));
}

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function frequencyLabel(t: TFunction, lang: string, sendDay: number, hour: number): string {
  return sendDay === 0 ? t('reports.frequency.everyDay', { hour: hourLabel(hour) }) : t('reports.frequency.weekday', { day: weekdayName(lang, sendDay), hour: hourLabel(hour) });
}
