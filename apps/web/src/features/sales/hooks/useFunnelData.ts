import { useEffect } from 'react';
import { useQuery } from '@apollo/client';
import type { SalesFunnelSelection } from '@sitelens/domain';
import { SALES_FUNNEL_METRICS, SALES_FUNNEL_METRICS_TOTAL, SALES_FUNNEL_PERIODS, SALES_FUNNEL_SITES } from '../graphql/salesFunnel.ts';

/** Logs a failed funnel call; the screen then shows it empty (spec 002 §7, §8). */
function useLogged(error: unknown, message: string) {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);
}

/**
 * The funnel's calls: the shops, the periods of the selected shops (fetched again when they
 * change), the per-shop figures and the total. Unknown shop ids and dates that start no month are
 * left out of the calls; a month without sales is asked for as it is (its answer is empty).
 */
export function useFunnelData(selection: SalesFunnelSelection) {
  const sitesQuery = useQuery(SALES_FUNNEL_SITES);
  useLogged(sitesQuery.error, 'Cannot fetch sites');
  const sites = sitesQuery.data?.salesFunnelSites ?? [];
  const noSites = sitesQuery.data !== undefined && sites.length === 0;
  useEffect(() => {
    if (noSites) console.info('no sites');
  }, [noSites]);
  const known = new Set(sites.map((s) => s.siteId));
  const siteIds = selection.siteIds.filter((id) => known.has(id));

  const periodsQuery = useQuery(SALES_FUNNEL_PERIODS, { variables: { siteIds }, skip: siteIds.length === 0 });
  useLogged(periodsQuery.error, 'Cannot get periods');
  const periods = siteIds.length ? (periodsQuery.data?.salesFunnelAvailablePeriods ?? []) : [];
  // A month asked for in the address stays asked for, with sales or not (a link to a month without
  // sales shows that month's no-results text, not every month); only dates that start no month go.
  const dates = selection.dates.filter((d) => d.endsWith('-01'));
  const waitingForPeriods = siteIds.length > 0 && !periodsQuery.data && !periodsQuery.error;

  const variables = { siteIds, dates };
  const metricsQuery = useQuery(SALES_FUNNEL_METRICS, { variables, skip: siteIds.length === 0 || waitingForPeriods });
  useLogged(metricsQuery.error, 'Cannot get aggregated data');
  const totalQuery = useQuery(SALES_FUNNEL_METRICS_TOTAL, { variables, skip: siteIds.length < 2 || waitingForPeriods });
  useLogged(totalQuery.error, 'Cannot get aggregated data');

  return {
    sites,
    sitesLoading: sitesQuery.loading && !sitesQuery.data,
    currency: sitesQuery.data?.salesFunnelReportingCurrency ?? 'EUR',
    periods,
    selection: { siteIds, dates },
    rows: siteIds.length ? (metricsQuery.data?.salesFunnelMetrics ?? []) : [],
    total: siteIds.length >= 2 ? (totalQuery.data?.salesFunnelMetricsTotal ?? null) : null,
    loading: (metricsQuery.loading && !metricsQuery.data) || waitingForPeriods,
  };
}
