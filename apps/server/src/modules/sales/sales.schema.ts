// The sales-metrics import and the sales funnel (spec 002 §2-§9).
import { builder } from '../../graphql/builder.ts';
import { importSalesMetrics, salesSettings, setSalesExchangeRate, setSalesReportingCurrency, setZoneShopCode } from './sales.service.ts';
import {
  type SalesFunnelFigures,
  salesFunnelAvailablePeriods,
  salesFunnelMetrics,
  salesFunnelMetricsTotal,
  salesFunnelReportingCurrency,
  salesFunnelSites,
} from './salesFunnel.service.ts';
import type { SalesImportResult } from './salesImport.service.ts';

interface RowError {
  row: number;
  code: string;
  column?: string;
  found?: number;
}

const SalesImportRowErrorRef = builder.objectRef<RowError>('SalesImportRowError').implement({
  description: 'A refused line of a sales file: its number in the file, the column (A-F) and the reason code.',
  fields: (t) => ({
    row: t.exposeInt('row'),
    code: t.exposeString('code'),
    column: t.string({ nullable: true, resolve: (e) => e.column ?? null }),
    found: t.int({ nullable: true, description: 'columnCount: columns found; duplicateReceipt: the row repeated; notUtf8: a line that is UTF-8.', resolve: (e) => e.found ?? null }),
  }),
});

const SalesImportRef = builder.objectRef<SalesImportResult>('SalesImport').implement({
  description: 'What became of an uploaded sales file; its refused lines cost only themselves.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    fileUrl: t.exposeString('fileUrl', { description: 'The original file, readable by the organization only.' }),
    fileName: t.exposeString('fileName'),
    encoding: t.string({ nullable: true, description: 'The encoding a CSV was read in (utf-8, windows-1252, utf-16le, utf-16be); null for a workbook.', resolve: (r) => r.encoding }),
    rowsRead: t.exposeInt('rowsRead'),
    rowsImported: t.exposeInt('rowsImported'),
    rowsRefused: t.exposeInt('rowsRefused'),
    receiptsReplaced: t.exposeInt('receiptsReplaced', { description: 'Receipts imported before and replaced by this file.' }),
    errorCount: t.exposeInt('errorCount'),
    errors: t.field({ type: [SalesImportRowErrorRef], resolve: (r) => r.errors }),
  }),
});

const ImportSalesMetricsInput = builder.inputType('ImportSalesMetricsInput', {
  fields: (t) => ({
    // Optional in the schema so that a request without its file gets the import's FILE_REQUIRED.
    file: t.field({ type: 'Upload', required: false, description: 'The sales file; required (FILE_REQUIRED without it).' }),
    uploaderDateTime: t.string({ required: true, description: 'The uploader’s local time, ISO without offset.' }),
    uploaderTimezone: t.string({ required: true, description: 'The uploader’s IANA time zone.' }),
  }),
});

interface ShopRow {
  zoneId: number;
  zoneName: string;
  installationId: number;
  installationName: string;
  shopCode: string;
}

const SalesShopRef = builder.objectRef<ShopRow>('SalesShop').implement({
  description: 'A zone with a shop code: the shop id column of a sales file names it.',
  fields: (t) => ({
    zoneId: t.exposeInt('zoneId'),
    zoneName: t.exposeString('zoneName'),
    installationId: t.exposeInt('installationId'),
    installationName: t.exposeString('installationName'),
    shopCode: t.exposeString('shopCode'),
  }),
});

const SalesExchangeRateRef = builder.objectRef<{ currency: string; rate: number; updatedAt: Date }>('SalesExchangeRate').implement({
  fields: (t) => ({
    currency: t.exposeString('currency'),
    rate: t.exposeFloat('rate', { description: 'Units of the reporting currency one unit of this currency is worth.' }),
    updatedAt: t.field({ type: 'DateTime', resolve: (r) => r.updatedAt }),
  }),
});

type ImportSummary = Awaited<ReturnType<typeof salesSettings>>['recentImports'][number];

const SalesImportSummaryRef = builder.objectRef<ImportSummary>('SalesImportSummary').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    fileName: t.exposeString('fileName'),
    fileUrl: t.exposeString('fileUrl'),
    encoding: t.string({ nullable: true, description: 'The encoding a CSV was read in; null for a workbook or an import made before it was recorded.', resolve: (i) => i.encoding ?? null }),
    rowsImported: t.exposeInt('rowsImported'),
    rowsRefused: t.exposeInt('rowsRefused'),
    receiptsReplaced: t.exposeInt('receiptsReplaced'),
    createdAt: t.field({ type: 'DateTime', resolve: (i) => i.createdAt }),
  }),
});

const SalesSettingsRef = builder.objectRef<Awaited<ReturnType<typeof salesSettings>>>('SalesSettings').implement({
  description: 'The reporting currency, the exchange rates and the shop codes sales files are read with.',
  fields: (t) => ({
    reportingCurrency: t.exposeString('reportingCurrency'),
    exchangeRates: t.field({ type: [SalesExchangeRateRef], resolve: (s) => s.exchangeRates }),
    shops: t.field({ type: [SalesShopRef], resolve: (s) => s.shops }),
    recentImports: t.field({ type: [SalesImportSummaryRef], resolve: (s) => s.recentImports }),
  }),
});

const SalesFunnelSiteRef = builder.objectRef<Awaited<ReturnType<typeof salesFunnelSites>>[number]>('SalesFunnelSite').implement({
  description: 'A shop of the funnel: a zone with a shop code.',
  fields: (t) => ({
    siteId: t.exposeInt('siteId'),
    siteName: t.exposeString('siteName'),
    installationName: t.exposeString('installationName'),
    shopCode: t.exposeString('shopCode'),
  }),
});

const SalesFunnelPeriodRef = builder.objectRef<{ datePeriodStart: string; datePeriodEnd: string }>('SalesFunnelPeriod').implement({
  description: 'A calendar month with sales, its first and last day.',
  fields: (t) => ({
    datePeriodStart: t.field({ type: 'Date', resolve: (p) => p.datePeriodStart }),
    datePeriodEnd: t.field({ type: 'Date', resolve: (p) => p.datePeriodEnd }),
  }),
});

const float = (description?: string) => ({ nullable: true as const, description });
const SalesFunnelMetricsRef = builder.objectRef<SalesFunnelFigures>('SalesFunnelMetrics').implement({
  description: 'A shop’s funnel over the selected periods (or the total of the shops: no siteId), computed by the metrics engine.',
  fields: (t) => ({
    siteId: t.exposeInt('siteId', { nullable: true }),
    siteName: t.exposeString('siteName', { nullable: true }),
    pedestrian: t.exposeFloat('pedestrian', float('People passing outside.')),
    affluenceIn: t.exposeFloat('affluenceIn', float('Entries.')),
    numberOfOrders: t.exposeFloat('numberOfOrders', float('Receipts (returns left out).')),
    numberOfGoodsSold: t.exposeFloat('numberOfGoodsSold', float()),
    turnover: t.exposeFloat('turnover', float('In the reporting currency.')),
    avgBasketSize: t.exposeFloat('avgBasketSize', float('Goods sold per order.')),
    avgBasketPrice: t.exposeFloat('avgBasketPrice', float('Turnover per order.')),
    salesIndex: t.exposeFloat('salesIndex', float('Turnover per entry: what an average visitor spends.')),
    captureRate: t.exposeFloat('captureRate', float('Entries over pedestrians, in percent.')),
    conversionRate: t.exposeFloat('conversionRate', float('Orders over entries, in percent.')),
  }),
});

builder.queryFields((t) => ({
  salesFunnelSites: t.field({
    type: [SalesFunnelSiteRef],
    description: 'The shops the funnel compares (app.salesFunnel read).',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => salesFunnelSites(ctx),
  }),
  salesFunnelAvailablePeriods: t.field({
    type: [SalesFunnelPeriodRef],
    description: 'Months with sales in any of the shops, newest first (app.salesFunnel read).',
    authScopes: { signedIn: true },
    args: { siteIds: t.arg.intList({ required: true }) },
    resolve: (_r, a, ctx) => salesFunnelAvailablePeriods(ctx, a.siteIds),
  }),
  salesFunnelMetrics: t.field({
    type: [SalesFunnelMetricsRef],
    description: 'One row per shop over the periods starting on `dates` (all periods when none); app.salesFunnel read.',
    authScopes: { signedIn: true },
    args: { siteIds: t.arg.intList({ required: true }), dates: t.arg({ type: ['Date'], required: true }) },
    resolve: (_r, a, ctx) => salesFunnelMetrics(ctx, a.siteIds, a.dates),
  }),
  salesFunnelMetricsTotal: t.field({
    type: SalesFunnelMetricsRef,
    nullable: true,
    description: 'The shops together; null without shops (app.salesFunnel read).',
    authScopes: { signedIn: true },
    args: { siteIds: t.arg.intList({ required: true }), dates: t.arg({ type: ['Date'], required: true }) },
    resolve: (_r, a, ctx) => salesFunnelMetricsTotal(ctx, a.siteIds, a.dates),
  }),
  salesFunnelReportingCurrency: t.string({
    description: 'The ISO 4217 currency of the funnel’s money (app.salesFunnel read).',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => salesFunnelReportingCurrency(ctx),
  }),
  salesSettings: t.field({
    type: SalesSettingsRef,
    description: 'Reporting currency, exchange rates, shop codes and recent imports (data.salesMetrics edit).',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => salesSettings(ctx),
  }),
}));

builder.mutationFields((t) => ({
  importSalesMetricsCsv: t.field({
    type: SalesImportRef,
    description: 'Imports a sales file (CSV, XLSX or XLS, at most 10 MB) sent as a GraphQL multipart request (data.salesMetrics edit).',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: ImportSalesMetricsInput, required: true }) },
    resolve: (_r, a, ctx) => importSalesMetrics(ctx, a.input),
  }),
  setZoneShopCode: t.field({
    type: SalesSettingsRef,
    description: 'Sets or clears (null) the shop code of a zone (administrators).',
    authScopes: { signedIn: true },
    args: { zoneId: t.arg.int({ required: true }), shopCode: t.arg.string() },
    resolve: (_r, a, ctx) => setZoneShopCode(ctx, a.zoneId, a.shopCode),
  }),
  setSalesReportingCurrency: t.field({
    type: SalesSettingsRef,
    description: 'The currency turnover is stored and shown in (administrators).',
    authScopes: { signedIn: true },
    args: { currency: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => setSalesReportingCurrency(ctx, a.currency),
  }),
  setSalesExchangeRate: t.field({
    type: SalesSettingsRef,
    description: 'Sets or removes (null) the rate of a currency into the reporting currency (administrators).',
    authScopes: { signedIn: true },
    args: { currency: t.arg.string({ required: true }), rate: t.arg.float() },
    resolve: (_r, a, ctx) => setSalesExchangeRate(ctx, a.currency, a.rate),
  }),
}));
