import { useMemo } from 'react';
import { useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DateFormat, pointsWordKey } from '@sitelens/domain';
import { useQuery } from '@apollo/client';
import { ME } from '../../shared/caller/callerQueries.ts';
import { userDateFormat } from '../../shared/caller/userDateFormat.ts';
import type { ChartEnv } from './chartEnv.ts';
import { textWidth } from './textWidth.ts';

/** "visitorsOut" -> "Visitors out": a readable stand-in while a metric has no translated name. */
const spaced = (id: string) => {
  const words = id.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The signed-in user's date format, read from the current user the shell has loaded (the cache
 * only). The widget builder preview draws outside that shell: the default format then applies.
 */
function useDateFormat(): DateFormat {
  const { data } = useQuery(ME, { fetchPolicy: 'cache-only' });
  return userDateFormat(data?.me.dateFormat);
}

/** The chart environment of the signed-in user on a site: language, direction, date format, time zone. */
export function useChartEnv(timeZone: string, live: boolean): ChartEnv {
  const { t, i18n } = useTranslation();
  const rtl = useDirection().dir === 'rtl';
  const dateFormat = useDateFormat();
  const language = i18n.language;
  return useMemo<ChartEnv>(
    () => ({
      locale: language,
      rtl,
      timeZone,
      dateFormat,
      live,
      labels: {
        occupied: t('charts.occupied'),
        free: t('charts.free'),
        rest: t('charts.rest'),
        workingDays: t('charts.workingDays'),
        weekend: t('charts.weekend'),
        soFar: t('charts.soFar'),
        points: (value, metricId) => t(`widgetComparison.${pointsWordKey(metricId)}`, { value }),
        metricName: (id) => t(`metrics.${id}`, { defaultValue: spaced(id) }),
        breakdownValue: (value) => (i18n.exists(`charts.breakdown.${value}`) ? t(`charts.breakdown.${value}`) : undefined),
      },
      textWidth,
    }),
    // t changes with the language; the catalogue may arrive after the first render.
    [t, i18n, language, rtl, timeZone, dateFormat, live],
  );
}
