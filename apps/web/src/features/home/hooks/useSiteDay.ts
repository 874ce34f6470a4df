import { useQuery } from '@apollo/client';
import { type HomeDay, type HomeFigure, canReadMetric, changePercent, homeDay, homeFigures } from '@sitelens/domain';
import { useOptionalCaller } from '../../../shared/caller/CallerProvider.tsx';
import type { InstallationSummary } from '../../../shared/caller/callerQueries.ts';
import { HOME_FIGURES, type HomeFigureRequest } from '../graphql/home.ts';

export interface SiteDayFigure extends HomeFigure {
  value: number | null;
  previous: number | null;
  change: number | null;
}

export interface SiteDay {
  day: HomeDay;
  figures: SiteDayFigure[];
  status: 'loading' | 'ready' | 'error' | 'none';
}

const iso = (ms: number) => new Date(ms).toISOString();

function request(installationId: number, metric: string, [begin, end]: [number, number]): HomeFigureRequest {
  // The engine wants an end after the begin; at the very first second of a day the span is one second.
  const dateEnd = iso(Math.max(end, begin + 1000));
  return { installationId, metric, groupBy: { type: 'all' }, filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: iso(begin), dateEnd }] } };
}

/**
 * A site's home figures: today so far (or yesterday before opening) and the same span of the same
 * weekday a week before, both from one retailDataBatch call.
 */
export function useSiteDay(site: InstallationSummary, now: number): SiteDay {
  const day = homeDay(now, { tz: site.timezone, openingHours: site.opening_hours, changeOfDay: site.change_of_day_time });
  // Turnover only for callers with the sales right: the server refuses it to the others.
  const gates = useOptionalCaller()?.gates;
  const wanted = homeFigures(site.families).filter((f) => !gates || canReadMetric(gates, f.metric));
  const inputs = wanted.flatMap((f) => [request(site.id, f.metric, day.current), request(site.id, f.metric, day.comparison)]);
  const { data, error } = useQuery(HOME_FIGURES, { variables: { inputs }, skip: wanted.length === 0 });
  if (wanted.length === 0) return { day, figures: [], status: 'none' };
  const answers = data?.retailDataBatch;
  const read = (i: number) => answers?.[i]?.series[0]?.points[0]?.value ?? null;
  const figures = wanted.map((f, i) => {
    const value = read(2 * i);
    const previous = read(2 * i + 1);
    return { ...f, value, previous, change: changePercent(value, previous) };
  });
  return { day, figures, status: answers ? 'ready' : error ? 'error' : 'loading' };
}
