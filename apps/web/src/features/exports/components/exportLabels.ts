import { EXPORT_COUNTING, type DateFormat, periodLabels, periodName } from '@sitelens/domain';
import type { TFunction } from 'i18next';

const GRANULARITY_KEYS: Record<number, string> = { 60: 'minute', 900: 'quarter', 3600: 'hour', 86400: 'day', 604800: 'week', 2592000: 'month' };

/** The exports.granularity.* text of a granularity in seconds. */
export const exportGranularityLabel = (t: TFunction, seconds: number) => t(`exports.granularity.${GRANULARITY_KEYS[seconds] ?? 'quarter'}`);

export const exportDataTypeLabel = (t: TFunction, dataType: string) => (dataType === EXPORT_COUNTING ? t('exports.form.counting') : t(`metrics.${dataType}`));

/** "27/11/2026 to 28/11/2026": the site's business days as its users count them (the domain's rule), in the reader's date format. */
export function exportPeriodText(t: TFunction, e: { from: string | null; to: string | null; timeZone: string | null; changeOfDayTime: string | null }, format: DateFormat): string | null {
  if (!e.from || !e.to || !e.timeZone) return null;
  const labels = periodLabels(periodName(Date.parse(e.from), Date.parse(e.to), e.timeZone, e.changeOfDayTime ?? '00:00'), { format, tz: e.timeZone });
  return t('exports.recent.period', labels);
}
