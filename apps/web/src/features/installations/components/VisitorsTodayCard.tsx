import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { bucketStart, businessDate, businessDayRange, zonedParts } from '@sitelens/domain';
import { errorText } from '../../../shared/api/errorText.ts';
import { LineChartWidget, type WidgetStatus } from '../../../widgets/line-chart/LineChartWidget.tsx';
import { RETAIL_DATA, type InstallationDetail } from '../graphql/installations.ts';

const HOUR_MS = 3_600_000;
const REFRESH_MS = 60_000;

const hourLabel = (ts: number, tz: string) => `${String(zonedParts(ts, tz).hour).padStart(2, '0')}:00`;

/** Today's business day in the site's zone, re-read every minute so the chart rolls over at the change of day. */
function useToday(tz: string, changeOfDay: string): string {
  const [today, setToday] = useState(() => businessDate(Date.now(), tz, changeOfDay));
  useEffect(() => {
    const timer = setInterval(() => setToday(businessDate(Date.now(), tz, changeOfDay)), REFRESH_MS);
    return () => clearInterval(timer);
  }, [tz, changeOfDay]);
  return today;
}

/** Visitors in per hour for today, as the contract's counting-page call asks them. */
export function VisitorsTodayCard({ installation }: { installation: InstallationDetail }) {
  const { t } = useTranslation();
  const { id, timezone: tz, change_of_day_time: changeOfDay } = installation;
  const today = useToday(tz, changeOfDay);
  const [begin, end] = useMemo(() => businessDayRange(today, tz, changeOfDay), [today, tz, changeOfDay]);

  const { data, error, loading } = useQuery(RETAIL_DATA, {
    variables: {
      input: {
        installationId: id,
        metric: 'visitorsIn',
        granularity: 3600,
        groupBy: { type: 'date', aggregation: 'sum' },
        filters: {
          operator: 'AND',
          conditions: [{ type: 'date', dateBegin: new Date(begin).toISOString(), dateEnd: new Date(end).toISOString() }],
        },
      },
    },
    pollInterval: REFRESH_MS,
    notifyOnNetworkStatusChange: false,
  });

  // Every hour of the business day is a category, so the axis reads as a whole day.
  const { categories, series } = useMemo(() => {
    const hourOf = (ts: number) => bucketStart(ts, { granularity: 3600, tz });
    const hours: number[] = [];
    for (let ts = hourOf(begin); ts < end; ts += HOUR_MS) hours.push(ts);
    const values = new Map<number, number>();
    for (const point of data?.retailData.series[0]?.points ?? []) {
      if (point.t !== null && typeof point.value === 'number') values.set(hourOf(Date.parse(point.t)), point.value);
    }
    return {
      categories: hours.map((ts) => hourLabel(ts, tz)),
      series: [{ key: 'visitorsIn', name: t('metrics.visitorsIn'), values: hours.map((ts) => values.get(ts) ?? null) }],
    };
  }, [data, begin, end, tz, t]);

  const hasPoints = series[0]!.values.some((v) => v !== null);
  const status: WidgetStatus = data ? (hasPoints ? 'data' : 'empty') : error ? 'error' : loading ? 'loading' : 'empty';

  return (
    <LineChartWidget
      title={t('counting.visitorsToday')}
      status={status}
      errorText={errorText(error, t)}
      categories={categories}
      series={series}
    />
  );
}
