import { Text } from '@mantine/core';
import { closedDaysSummary, conjunctionList, formatIsoDateWithWeekday, nextOccurrence, periodLabels, periodName, reportPeriod, reportScheduleRule, zonedParts, formatDate, timeZoneLabel, weekdayName } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { userDateFormat } from '../../../shared/caller/userDateFormat.ts';

interface NextSendProps {
  installationId: number | null;
  sendDay: number;
  hour: number;
  daysIncluded: number;
  enabled: boolean;
  /** The chosen event has ended: nothing is sent, the form says so elsewhere. */
  ended: boolean;
  now: number;
}

/**
 * Under the schedule: the site's time zone (its name in the reader's language, its IANA id in parentheses), and when the report goes next with the days it will
 * hold, by the rules the server sends by (the domain's schedule rule and report period), in the
 * site's zone: "Next send: Monday 30/11/2026 at 08:00, with the figures of the 7 days from 23/11/2026 to 29/11/2026."
 */
export function NextSend({ installationId, sendDay, hour, daysIncluded, enabled, ended, now }: NextSendProps) {
  const { t, i18n } = useTranslation();
  const { me, installations } = useCaller();
  const site = installations?.find((i) => i.id === installationId);
  if (!site) return null;
  const tz = site.timezone;
  const format = userDateFormat(me.dateFormat);
  let next: string | null = null;
  let closed: string | null = null;
  const days = Number.isInteger(daysIncluded) && daysIncluded >= 1 ? daysIncluded : null;
  if (enabled && !ended && days !== null) {
    const at = nextOccurrence(reportScheduleRule(sendDay, hour), tz, now);
    const [from, to] = reportPeriod(at, days, tz, site.change_of_day_time);
    const covered = periodLabels(periodName(from, to, tz, site.change_of_day_time), { format, tz });
    const when = t('reports.form.when', { day: weekdayName(zonedParts(at, tz).weekday, i18n.language), date: formatDate(at, { format, tz }), time: formatDate(at, { format, tz, withTime: true }).slice(-5) });
    next = t('reports.form.nextSend', { when, covers: t('reports.form.covers', { count: days, ...covered }) });
    // The days of that period the site does not open (its opening hours), which the mail will say too.
    // Named when few, else counted (by weekday when they are every such weekday), as the mail says them.
    const shut = closedDaysSummary(from, to, site.opening_hours, tz, site.change_of_day_time);
    const list = (items: string[]) => conjunctionList(i18n.language, items);
    const number = shut.dates.length;
    if (number === 0) closed = null;
    else if (shut.named) closed = t(number === 1 ? 'reports.form.closedOne' : 'reports.form.closedSome', { site: site.name, days: list(shut.dates.map((d) => formatIsoDateWithWeekday(d, format, i18n.language))) });
    else if (shut.weekdays) closed = t('reports.form.closedWeekdays', { site: site.name, number, weekdays: list(shut.weekdays.map((d) => weekdayName(d, i18n.language))) });
    else closed = t('reports.form.closedMany', { site: site.name, number });
  }
  return (
    <Text size="sm" c="dimmed" data-testid="report-next-send">
      {t('reports.form.siteTime', { zone: timeZoneLabel(tz, i18n.language, now) })}
      <br />
      {next ?? (enabled ? null : t('reports.form.noNextSend'))}
      {closed && (
        <>
          <br />
          <span data-testid="report-closed-days">{closed}</span>
        </>
      )}
    </Text>
  );
}
