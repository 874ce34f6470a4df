import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';

export const SALES_FUNNEL_SITES = graphql(`
  query SalesFunnelSites {
    salesFunnelSites {
      siteId
      siteName
      installationName
      shopCode
    }
    salesFunnelReportingCurrency
  }
`);

export const SALES_FUNNEL_PERIODS = graphql(`
  query SalesFunnelAvailablePeriods($siteIds: [Int!]!) {
    salesFunnelAvailablePeriods(siteIds: $siteIds) {
      datePeriodStart
      datePeriodEnd
    }
  }
`);

const METRICS_FIELDS = graphql(`
  fragment SalesFunnelFigures on SalesFunnelMetrics {
    siteId
    siteName
    pedestrian
    affluenceIn
    numberOfOrders
    numberOfGoodsSold
    turnover
    avgBasketSize
    avgBasketPrice
    salesIndex
    captureRate
    conversionRate
  }
`);

export const SALES_FUNNEL_METRICS = graphql(
  `
    query SalesFunnelMetrics($siteIds: [Int!]!, $dates: [Date!]!) {
      salesFunnelMetrics(siteIds: $siteIds, dates: $dates) {
        ...SalesFunnelFigures
      }
    }
  `,
  [METRICS_FIELDS],
);

export const SALES_FUNNEL_METRICS_TOTAL = graphql(
  `
    query SalesFunnelMetricsTotal($siteIds: [Int!]!, $dates: [Date!]!) {
      salesFunnelMetricsTotal(siteIds: $siteIds, dates: $dates) {
        ...SalesFunnelFigures
      }
    }
  `,
  [METRICS_FIELDS],
);

export type FunnelSite = ResultOf<typeof SALES_FUNNEL_SITES>['salesFunnelSites'][number];
export type FunnelPeriod = ResultOf<typeof SALES_FUNNEL_PERIODS>['salesFunnelAvailablePeriods'][number];
export type FunnelFigures = ResultOf<typeof SALES_FUNNEL_METRICS>['salesFunnelMetrics'][number];
