import { businessDate, defaultTimespanDate, isOpenAt, type OpeningHoursWindow } from '@sitelens/domain';
import type { Kpi } from '../graphql/installations.ts';

export interface FiguresSite {
  timezone: string;
  change_of_day_time: string;
  opening_hours: readonly OpeningHoursWindow[];
}

export interface SiteFiguresDays {
  /** The site's current business day (YYYY-MM-DD). */
  today: string;
  /** The earlier day the site's pages open on (yesterday while it is closed), shown while today has no figures; else null. */
  fallback: string | null;
  openNow: boolean;
}

export function siteFiguresDays(now: number, site: FiguresSite): SiteFiguresDays {
  const opts = { tz: site.timezone, openingHours: site.opening_hours, changeOfDay: site.change_of_day_time };
  const today = businessDate(now, site.timezone, site.change_of_day_time);
  const opensOn = defaultTimespanDate(now, opts);
  // Before the change of day the pages' "yesterday" is the business day still running: nothing earlier to show.
  return { today, fallback: opensOn < today ? opensOn : null, openNow: isOpenAt(now, site.opening_hours, site.timezone) };
}

/** Figures of the present moment: they say nothing of a day that has ended. */
const NOW_ONLY = new Set(['inside']);

export interface QueryResult {
  data?: { kpis: Kpi[] } | undefined;
  error?: unknown;
}

export type SiteFiguresModel =
  | { kind: 'hidden' }
  | { kind: 'loading'; day: 'today' | 'yesterday'; date: string; metrics: string[] }
  | { kind: 'figures'; day: 'today' | 'yesterday'; date: string; kpis: Kpi[] }
  | { kind: 'none'; reason: 'open' | 'closed' | 'closedYesterdayToo' };

// Figures the site does not measure are left out rather than shown as "-".
const measured = (metrics: string[], kpis: Kpi[]): Kpi[] =>
  metrics.flatMap((m) => kpis.filter((k) => k.metric === m && k.value !== null).slice(0, 1));

/**
 * Today's figures worth a card: on a closed site whose pages open on an earlier day, zeros say only
 * that nothing has happened yet today, so that earlier day's figures are shown instead.
 */
const todayFigures = (metrics: string[], days: SiteFiguresDays, kpis: Kpi[]): Kpi[] => {
  const figures = measured(metrics, kpis);
  return days.fallback !== null && figures.every((k) => k.value === 0) ? [] : figures;
};

export const fallbackMetrics = (metrics: string[]): string[] => metrics.filter((m) => !NOW_ONLY.has(m));

/** Whether to ask for the fallback day: today has come back without any figure and there is an earlier day to show. */
export function wantsFallback(metrics: string[], days: SiteFiguresDays, today: QueryResult): boolean {
  return days.fallback !== null && !!today.data && todayFigures(metrics, days, today.data.kpis).length === 0 && fallbackMetrics(metrics).length > 0;
}

/** What a site card shows: today's figures, else those of the day its pages open on, else why there are none. */
export function siteFiguresModel(metrics: string[], days: SiteFiguresDays, today: QueryResult, past: QueryResult): SiteFiguresModel {
  if (metrics.length === 0) return { kind: 'hidden' };
  if (today.error && !today.data) return { kind: 'figures', day: 'today', date: days.today, kpis: metrics.map((metric) => ({ metric, unit: null, value: null })) };
  if (!today.data) return { kind: 'loading', day: 'today', date: days.today, metrics };
  const todayKpis = todayFigures(metrics, days, today.data.kpis);
  if (todayKpis.length > 0) return { kind: 'figures', day: 'today', date: days.today, kpis: todayKpis };
  if (!wantsFallback(metrics, days, today)) return { kind: 'none', reason: days.openNow ? 'open' : 'closed' };
  const pastMetrics = fallbackMetrics(metrics);
  if (!past.data && !past.error) return { kind: 'loading', day: 'yesterday', date: days.fallback!, metrics: pastMetrics };
  const pastKpis = past.data ? measured(pastMetrics, past.data.kpis) : [];
  if (pastKpis.length > 0) return { kind: 'figures', day: 'yesterday', date: days.fallback!, kpis: pastKpis };
  // A failed call for yesterday says nothing of its figures.
  return { kind: 'none', reason: past.data ? 'closedYesterdayToo' : 'closed' };
}
