import type { HomeDay } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';

/** "Today until 10:42" or "Yesterday, Tue 16 Jun", and the day compared with, in the site's zone. */
export function useDayLabels() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // A calendar date read at noon UTC names the same day everywhere.
  const date = (d: string) => new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.parse(`${d}T12:00:00Z`));
  const time = (ts: number, tz: string) => new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', timeZone: tz }).format(ts);
  return {
    shown: (day: HomeDay, now: number, tz: string) => (day.day === 'today' ? t('home.sites.today', { time: time(now, tz) }) : t('home.sites.yesterday', { date: date(day.date) })),
    // Today is compared up to the same time of day, yesterday as a whole day.
    againstShort: (day: HomeDay) => t(day.day === 'today' ? 'home.sites.againstSameTime' : 'home.sites.againstShort', { date: date(day.comparisonDate) }),
    comparisonDate: (day: HomeDay) => date(day.comparisonDate),
  };
}
