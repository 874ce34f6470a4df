import { useMemo } from 'react';
import { useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { userDateFormat } from '../../shared/caller/userDateFormat.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import type { ChartEnv } from './chartEnv.ts';

/** "visitorsIn" -> "visitors in": a readable stand-in while a metric has no translated name. */
const spaced = (id: string) => id.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase();

/** The chart environment of the signed-in user on a site: language, direction, date format, time zone. */
export function useChartEnv(timeZone: string, live: boolean): ChartEnv {
  const { t, i18n } = useTranslation();
  const rtl = useDirection().dir === 'rtl';
  const { me } = useCaller();
  const language = i18n.language;
  return useMemo<ChartEnv>(
    () => ({
      locale: language,
      rtl,
      timeZone,
      dateFormat: userDateFormat(me.dateFormat),
      live,
      labels: {
        occupied: t('charts.occupied'),
        free: t('charts.free'),
        rest: t('charts.rest'),
        workingDays: t('charts.workingDays'),
        weekend: t('charts.weekend'),
        metricName: (id) => t(`metrics.${id}`, { defaultValue: spaced(id) }),
        breakdownValue: (value) => (i18n.exists(`charts.breakdown.${value}`) ? t(`charts.breakdown.${value}`) : undefined),
      },
    }),
    // t changes with the language; the catalogue may arrive after the first render.
    [t, i18n, language, rtl, timeZone, me.dateFormat, live],
  );
}
