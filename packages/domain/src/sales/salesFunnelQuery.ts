import { formatMoney } from '../format/formatMoney.ts';
import { formatPercent } from '../format/formatPercent.ts';
import { SALES_FUNNEL_MONEY_DECIMALS, SALES_FUNNEL_RATE_DECIMALS } from './constants.ts';

/** The funnel's filters as the query string keeps them (spec 002 §4, §5). */
export interface SalesFunnelSelection {
  siteIds: number[];
  /** Period starts, YYYY-MM-DD. */
  dates: string[];
}

const SITE_ID = /^\d{1,9}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const values = (params: URLSearchParams, name: string) =>
  params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

/** Reads `sites` and `dates`; site ids that are not digits only and dates not YYYY-MM-DD are ignored. */
export function parseSalesFunnelQuery(search: string | URLSearchParams): SalesFunnelSelection {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const siteIds = [...new Set(values(params, 'sites').filter((v) => SITE_ID.test(v)).map(Number))];
  const dates = [...new Set(values(params, 'dates').filter((v) => DATE.test(v) && isRealDate(v)))].sort();
  return { siteIds, dates };
}

/** Writes the selection into the query string, keeping its other parameters; empty lists are left out. */
export function writeSalesFunnelQuery(search: string, selection: SalesFunnelSelection): string {
  const params = new URLSearchParams(search);
  params.delete('sites');
  params.delete('dates');
  if (selection.siteIds.length) params.set('sites', selection.siteIds.join(','));
  if (selection.dates.length) params.set('dates', [...selection.dates].sort().join(','));
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isRealDate(v: string): boolean {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** The total row shows for two or more shops and at least one date (spec 002 §2, §4). */
export const showsSalesFunnelTotal = (selection: SalesFunnelSelection) => selection.siteIds.length >= 2 && selection.dates.length >= 1;

/** The counted figures of a funnel row (the rates and averages come from them). */
const SALES_FUNNEL_COUNTS = ['pedestrian', 'affluenceIn', 'numberOfOrders', 'numberOfGoodsSold', 'turnover'] as const;
type SalesFunnelCounts = Partial<Record<(typeof SALES_FUNNEL_COUNTS)[number], number | null>>;

/**
 * The funnel's table rows, or none (the no-results text, spec 002 §8) when not one selected shop
 * has a counted figure for the selection. A shop without figures beside shops with figures keeps
 * its row of '-': the user sees that it has nothing.
 */
export const salesFunnelTableRows = <Row extends SalesFunnelCounts>(rows: Row[]): Row[] =>
  rows.some((row) => SALES_FUNNEL_COUNTS.some((count) => row[count] !== null && row[count] !== undefined)) ? rows : [];

/** Funnel money: two decimals and the reporting currency, the language's way ("€22.21", "22,21 €"); '-' without a value. */
export function formatFunnelMoney(value: number | null | undefined, locale: string, currency: string): string {
  return formatMoney(value, locale, currency, SALES_FUNNEL_MONEY_DECIMALS);
}

/** Funnel rates (given in percent, 0-100+): one decimal (spec 002 §9), the language's percent; '-' without a value. */
export function formatFunnelRate(percent: number | null | undefined, locale: string): string {
  return formatPercent(percent, locale, SALES_FUNNEL_RATE_DECIMALS);
}

/** Funnel counts and averages: whole numbers for counts, `decimals` for averages; '-' without a value. */
export function formatFunnelNumber(value: number | null | undefined, locale: string, decimals = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** The funnel's periods are calendar months: the month holding `date`, as its first and last day. */
export function salesFunnelPeriodOf(date: string): { start: string; end: string } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { start: `${y}-${mm}-01`, end: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}
