import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import { WEEK_STARTS_ON } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';

/**
 * Every calendar of the app in one setting: month and day names in the interface language (the
 * six languages' dayjs locales), the week from the domain's first day, no weekend shown apart
 * (sites open every day). The calendar's buttons are named by `useCalendarLabels`.
 */
export function CalendarProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: WEEK_STARTS_ON === 1 ? 1 : 0, weekendDays: [] }}>{children}</DatesProvider>;
}
