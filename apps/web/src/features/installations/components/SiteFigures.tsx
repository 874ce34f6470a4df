import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { businessDayRange } from '@sitelens/domain';
import type { InstallationSummary } from '../../../shared/caller/callerQueries.ts';
import { KPIS } from '../graphql/installations.ts';
import { SiteFiguresView } from './SiteFiguresView.tsx';
import { fallbackMetrics, siteFiguresDays, siteFiguresModel, wantsFallback } from './siteFiguresModel.ts';

/** Key figures per kind of site; one kpis call per card, a second one only while today has none. */
const FIGURES: Record<string, string[]> = {
  counting: ['visitorsIn', 'inside'],
  atmosphere: ['comfortScore', 'co2'],
  energy: ['electricityConsumption'],
};

const dayFilters = (day: string, tz: string, changeOfDay: string) => {
  const [begin, end] = businessDayRange(day, tz, changeOfDay);
  return { operator: 'AND', conditions: [{ type: 'date', dateBegin: new Date(begin).toISOString(), dateEnd: new Date(end).toISOString() }] };
};

/**
 * The site's figures of today (its business day in its own zone); while there are none, those of
 * the day its pages open on (yesterday while it is closed), else a line saying why the card is empty.
 */
export function SiteFigures({ installation }: { installation: InstallationSummary }) {
  const metrics = installation.families.flatMap((f) => FIGURES[f] ?? []).slice(0, 4);
  const days = useMemo(() => siteFiguresDays(Date.now(), installation), [installation]);
  const { timezone: tz, change_of_day_time: changeOfDay } = installation;
  const today = useQuery(KPIS, {
    variables: { input: { installationId: installation.id, metrics, filters: dayFilters(days.today, tz, changeOfDay) } },
    skip: metrics.length === 0,
  });
  const past = useQuery(KPIS, {
    variables: { input: { installationId: installation.id, metrics: fallbackMetrics(metrics), filters: dayFilters(days.fallback ?? days.today, tz, changeOfDay) } },
    skip: !wantsFallback(metrics, days, today),
  });
  return <SiteFiguresView model={siteFiguresModel(metrics, days, today, past)} />;
}
