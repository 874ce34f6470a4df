import { salesFunnelPeriodOf } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { AppError, badInput } from '../../graphql/errors.ts';
import { requireCaller, requireGate } from '../access/access.ts';
import { ratioMetric, ratioValue } from '../metrics/derive/derivedMetrics.ts';
import { monthsWithReadings } from '../metrics/plan/readingMonths.ts';
import { perContext } from '../../graphql/perContext.ts';
import { zoneMonthSums } from '../metrics/derive/zoneSums.ts';
import { reportingCurrencyOf, shopsOf } from './sales.repo.ts';

/** The stored metrics the funnel reads from the engine, and the names the spec's calls give them. */
const SUMS = { pedestrians: 'pedestrian', visitorsIn: 'affluenceIn', orders: 'numberOfOrders', goodsSold: 'numberOfGoodsSold', turnover: 'turnover' } as const;
type SumMetric = keyof typeof SUMS;
/** The ratios, each from two of the sums by the engine's own definition (derivedMetrics.ts). */
const RATIOS = { captureRate: 'captureRate', conversionRate: 'conversionRate', basketSize: 'avgBasketSize', basketPrice: 'avgBasketPrice', salesIndex: 'salesIndex' } as const;

export interface SalesFunnelFigures {
  siteId: number | null;
  siteName: string | null;
  pedestrian: number | null;
  affluenceIn: number | null;
  numberOfOrders: number | null;
  numberOfGoodsSold: number | null;
  turnover: number | null;
  captureRate: number | null;
  conversionRate: number | null;
  avgBasketSize: number | null;
  avgBasketPrice: number | null;
  salesIndex: number | null;
}

export const MAX_FUNNEL_SITES = 200;
export const MAX_FUNNEL_DATES = 120;

type Shop = Awaited<ReturnType<typeof shopsOf>>[number];

/** The sales features work in the caller's first organization, as pins and short links do. */
export function salesOrganization(ctx: Context): number {
  const organizationId = requireCaller(ctx).organizationIds[0];
  if (organizationId === undefined) throw new AppError('NOT_FOUND');
  return organizationId;
}

/** The funnel's sites: the organization's shops (zones with a shop code). */
export async function salesFunnelSites(ctx: Context) {
  await requireGate(ctx, 'salesFunnel');
  const shops = await shopsOf(ctx.database, salesOrganization(ctx));
  return shops.map((s) => ({ siteId: s.zoneId, siteName: s.name, installationName: s.installationName, shopCode: s.shopCode }));
}

/** The currency the funnel's money is in (the organization's reporting currency). */
export async function salesFunnelReportingCurrency(ctx: Context): Promise<string> {
  await requireGate(ctx, 'salesFunnel');
  return reportingCurrencyOf(ctx.database, salesOrganization(ctx));
}

/** The organization's shops by zone, read once per call (the funnel's two fields both check their shops). */
const shopsOfCall = perContext((ctx: Context) => shopsOf(ctx.database, salesOrganization(ctx)).then((shops) => new Map(shops.map((s) => [s.zoneId, s]))));

/** The selected shops, each checked to be one of the organization's; another's answers NOT_FOUND. */
async function selectedShops(ctx: Context, siteIds: number[]): Promise<Shop[]> {
  await requireGate(ctx, 'salesFunnel');
  if (siteIds.length > MAX_FUNNEL_SITES) throw badInput('siteIds', `at most ${MAX_FUNNEL_SITES} sites`);
  const shops = await shopsOfCall(ctx);
  return [...new Set(siteIds)].map((id) => {
    const shop = shops.get(id);
    if (!shop) throw new AppError('NOT_FOUND', { field: 'siteIds', id });
    return shop;
  });
}

/** Calendar months in which the shops have orders, newest first (spec 002 §7, available periods). */
export async function salesFunnelAvailablePeriods(ctx: Context, siteIds: number[]) {
  const shops = await selectedShops(ctx, siteIds);
  const months = await monthsWithReadings(ctx.database, salesOrganization(ctx), 'zone', shops.map((s) => s.zoneId), 'orders');
  return months.map((month) => {
    const { start, end } = salesFunnelPeriodOf(month);
    return { datePeriodStart: start, datePeriodEnd: end };
  });
}

/** One row per shop, in the order asked: sums from the engine, ratios from them by the engine's definitions. */
export async function salesFunnelMetrics(ctx: Context, siteIds: number[], dates: string[]): Promise<SalesFunnelFigures[]> {
  const shops = await selectedShops(ctx, siteIds);
  const sums = await funnelSums(ctx, shops, dates);
  return shops.map((shop) => figures(shop.zoneId, shop.name, sums.get(shop.zoneId)!));
}

/**
 * The total of the shops: sums added up; each ratio over the shops that have both of its inputs
 * (a shop without a street counter does not lower the capture rate of the others).
 */
export async function salesFunnelMetricsTotal(ctx: Context, siteIds: number[], dates: string[]): Promise<SalesFunnelFigures | null> {
  const shops = await selectedShops(ctx, siteIds);
  if (shops.length === 0) return null;
  const sums = [...(await funnelSums(ctx, shops, dates)).values()];
  const total = Object.fromEntries(
    (Object.keys(SUMS) as SumMetric[]).map((m) => {
      const known = sums.map((s) => s[m]).filter((v): v is number => v !== null);
      return [m, known.length ? known.reduce((a, b) => a + b, 0) : null];
    }),
  ) as Record<SumMetric, number | null>;
  const result = figures(null, null, total);
  for (const id of Object.keys(RATIOS) as Array<keyof typeof RATIOS>) {
    const metric = ratioMetric(id);
    const both = sums.filter((s) => s[metric.numerator as SumMetric] !== null && s[metric.denominator as SumMetric]);
    const n = both.reduce((a, s) => a + s[metric.numerator as SumMetric]!, 0);
    const d = both.reduce((a, s) => a + s[metric.denominator as SumMetric]!, 0);
    result[RATIOS[id]] = both.length ? ratioValue(metric, n, d) : null;
  }
  return result;
}

function figures(siteId: number | null, siteName: string | null, sums: Record<SumMetric, number | null>): SalesFunnelFigures {
  const row = { siteId, siteName } as SalesFunnelFigures;
  for (const m of Object.keys(SUMS) as SumMetric[]) row[SUMS[m]] = sums[m];
  for (const id of Object.keys(RATIOS) as Array<keyof typeof RATIOS>) {
    const metric = ratioMetric(id);
    row[RATIOS[id]] = ratioValue(metric, sums[metric.numerator as SumMetric] ?? null, sums[metric.denominator as SumMetric] ?? null);
  }
  return row;
}

/**
 * Each shop's sums over the selected periods, from the metrics engine (one statement for every
 * metric and shop, a value per shop zone with its dependents, read from the month rollup: a period
 * is a business month of the shop's site). No date means every period with sales. The two fields of
 * a call (per shop and total) ask the same sums: they are read once per call.
 */
function funnelSums(ctx: Context, shops: Shop[], dates: string[]): Promise<Map<number, Record<SumMetric, number | null>>> {
  const calls = sumsOfCall(ctx);
  const key = JSON.stringify([shops.map((s) => s.zoneId), dates]);
  let sums = calls.get(key);
  if (!sums) {
    sums = readFunnelSums(ctx, shops, dates);
    calls.set(key, sums);
  }
  return sums;
}

const sumsOfCall = perContext((_ctx: Context) => new Map<string, Promise<Map<number, Record<SumMetric, number | null>>>>());

async function readFunnelSums(ctx: Context, shops: Shop[], dates: string[]): Promise<Map<number, Record<SumMetric, number | null>>> {
  if (dates.length > MAX_FUNNEL_DATES) throw badInput('dates', `at most ${MAX_FUNNEL_DATES} dates`);
  if (dates.some((d) => !d.endsWith('-01'))) throw badInput('dates', 'notAPeriodStart');
  const periods = dates.length ? [...new Set(dates)] : (await salesFunnelAvailablePeriods(ctx, shops.map((s) => s.zoneId))).map((p) => p.datePeriodStart);
  const result = new Map(shops.map((s) => [s.zoneId, { pedestrians: null, visitorsIn: null, orders: null, goodsSold: null, turnover: null } as Record<SumMetric, number | null>]));
  if (periods.length === 0) return result;
  const bySite = new Map<number, number[]>();
  for (const shop of shops) bySite.set(shop.installationId, [...(bySite.get(shop.installationId) ?? []), shop.zoneId]);
  const asks = [...bySite].map(([installationId, zoneIds]) => ({ installationId, zoneIds }));
  const metrics = Object.keys(SUMS) as SumMetric[];
  const sums = await zoneMonthSums(ctx, metrics, asks, periods.map((start) => salesFunnelPeriodOf(start).start));
  for (const metric of metrics) {
    for (const [zoneId, value] of sums.get(metric) ?? []) {
      const row = result.get(zoneId);
      if (row) row[metric] = value;
    }
  }
  return result;
}
