import { weekdayName } from '@sitelens/domain';
import type { TFunction } from 'i18next';

const GRANULARITY_KEYS: Record<number, string> = { 3600: 'h1', 10800: 'h3', 21600: 'h6', 86400: 'day', 604800: 'week', 2592000: 'month' };

export const granularityLabel = (t: TFunction, seconds: number) => t(`reports.granularity.${GRANULARITY_KEYS[seconds] ?? 'h1'}`);

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function frequencyLabel(t: TFunction, lang: string, sendDay: number, hour: number): string {
  return sendDay === 0 ? t('reports.frequency.everyDay', { hour: hourLabel(hour) }) : t('reports.frequency.weekday', { day: weekdayName(sendDay, lang), hour: hourLabel(hour) });
}
