import { useTranslation } from 'react-i18next';

/** The calendar pop-up's buttons named for screen readers in the interface language (Mantine's ariaLabels). */
export function useCalendarLabels() {
  const { t } = useTranslation();
  return {
    nextMonth: t('filterBar.timespan.calendarLabels.nextMonth'),
    previousMonth: t('filterBar.timespan.calendarLabels.previousMonth'),
    nextYear: t('filterBar.timespan.calendarLabels.nextYear'),
    previousYear: t('filterBar.timespan.calendarLabels.previousYear'),
    nextDecade: t('filterBar.timespan.calendarLabels.nextDecade'),
    previousDecade: t('filterBar.timespan.calendarLabels.previousDecade'),
    monthLevelControl: t('filterBar.timespan.calendarLabels.level'),
    yearLevelControl: t('filterBar.timespan.calendarLabels.level'),
  };
}
