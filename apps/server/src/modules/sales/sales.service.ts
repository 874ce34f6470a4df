import { SALES_ID_MAX_LENGTH, isAdmin, normalizeCurrency } from '@sitelens/domain';
import { blobStoreFor } from '../../blobs/blobStoreFor.ts';
import type { Context } from '../../graphql/context.ts';
import { AppError, badInput, forbidden } from '../../graphql/errors.ts';
import { requireCaller, requireGate } from '../access/access.ts';
import { findZoneOwner } from '../installations/zoneOwner.repo.ts';
import {
  exchangeRatesOf,
  reportingCurrencyOf,
  salesImportsOf,
  setExchangeRate,
  setReportingCurrency,
  setShopCode,
  shopsOf,
  zoneOfShopCode,
} from './sales.repo.ts';
import { uploadSandboxFor } from '../../uploads/uploadSandbox.ts';
import { importSalesFile, salesFileUrl, type SalesImportResult } from './salesImport.service.ts';
import { salesOrganization } from './salesFunnel.service.ts';

export interface ImportSalesMetricsInput {
  file?: File | null;
  uploaderDateTime: string;
  uploaderTimezone: string;
}

/** importSalesMetricsCsv: the caller needs data.salesMetrics edit; the file goes to their organization. */
export async function importSalesMetrics(ctx: Context, input: ImportSalesMetricsInput): Promise<SalesImportResult> {
  await requireGate(ctx, 'salesImport');
  const caller = requireCaller(ctx);
  const file = input.file && typeof input.file === 'object' && 'size' in input.file ? input.file : null;
  // A request abandoned while its file is read (the uploader gave up): its worker is stopped at once.
  const abandoned = new AbortController();
  const response = ctx.reply.raw;
  const onClose = () => {
    if (!response.writableEnded) abandoned.abort();
  };
  response.once('close', onClose);
  try {
    return await importSalesFile(
      { database: ctx.database, blobs: blobStoreFor(ctx.config), live: ctx.live, now: ctx.now, sandbox: uploadSandboxFor(ctx.config) },
      {
        organizationId: salesOrganization(ctx),
        userId: caller.userId,
        file: file ? { name: file.name || 'sales', size: file.size, blob: file } : null,
        uploaderDateTime: input.uploaderDateTime,
        uploaderTimezone: input.uploaderTimezone,
        signal: abandoned.signal,
      },
    );
  } catch (error) {
    if (abandoned.signal.aborted) throw new AppError('UNKNOWN_ERROR');
    if (error instanceof AppError || (error as { extensions?: { code?: unknown } }).extensions?.code) throw error;
    console.error('sales import failed', error);
    throw new AppError('UNKNOWN_ERROR');
  } finally {
    response.off('close', onClose);
  }
}

/** The import page's settings: reporting currency, exchange rates, shop codes and the latest imports. */
export async function salesSettings(ctx: Context) {
  await requireGate(ctx, 'salesImport');
  const organizationId = salesOrganization(ctx);
  const [reportingCurrency, exchangeRates, shops, imports] = await Promise.all([
    reportingCurrencyOf(ctx.database, organizationId),
    exchangeRatesOf(ctx.database, organizationId),
    shopsOf(ctx.database, organizationId),
    salesImportsOf(ctx.database, organizationId, 10),
  ]);
  return {
    reportingCurrency,
    exchangeRates,
    shops: shops.map((s) => ({ zoneId: s.zoneId, zoneName: s.name, installationId: s.installationId, installationName: s.installationName, shopCode: s.shopCode })),
    recentImports: imports.map((i) => ({ ...i, fileUrl: salesFileUrl(i.id) })),
  };
}

/** Administrators only: shop codes and currencies change what every later import means. */
async function requireSalesAdmin(ctx: Context): Promise<number> {
  await requireGate(ctx, 'salesImport');
  if (!isAdmin(requireCaller(ctx).role)) throw forbidden();
  return salesOrganization(ctx);
}

const SHOP_CODE = /^[A-Za-z0-9][A-Za-z0-9._\-/ ]*$/;

/** Sets or clears (null or empty) a zone's shop code; a code used by another zone is refused. */
export async function setZoneShopCode(ctx: Context, zoneId: number, shopCode: string | null | undefined) {
  const organizationId = await requireSalesAdmin(ctx);
  const zone = await findZoneOwner(ctx.database, zoneId);
  if (!zone || zone.organizationId !== organizationId) throw new AppError('NOT_FOUND');
  const code = shopCode?.trim() ?? '';
  if (code !== '') {
    if (code.length > SALES_ID_MAX_LENGTH) throw badInput('shopCode', 'tooLong');
    if (!SHOP_CODE.test(code)) throw badInput('shopCode', 'invalidCharacters');
    const holder = await zoneOfShopCode(ctx.database, organizationId, code);
    if (holder !== null && holder !== zoneId) throw badInput('shopCode', 'alreadyUsed');
  }
  await setShopCode(ctx.database.db, zone, code === '' ? null : code);
  return salesSettings(ctx);
}

export async function setSalesReportingCurrency(ctx: Context, currency: string) {
  const organizationId = await requireSalesAdmin(ctx);
  const code = normalizeCurrency(currency);
  if (!code) throw badInput('currency', 'unknownCurrency');
  await setReportingCurrency(ctx.database, organizationId, code);
  return salesSettings(ctx);
}

/** Sets (or with null removes) the rate of a currency: 1 unit is worth `rate` units of the reporting currency. */
export async function setSalesExchangeRate(ctx: Context, currency: string, rate: number | null | undefined) {
  const organizationId = await requireSalesAdmin(ctx);
  const code = normalizeCurrency(currency);
  if (!code) throw badInput('currency', 'unknownCurrency');
  if (rate !== null && rate !== undefined && (!Number.isFinite(rate) || rate <= 0 || rate > 1e6)) throw badInput('rate', 'mustBePositive');
  await setExchangeRate(ctx.database, organizationId, code, rate ?? null, ctx.now());
  return salesSettings(ctx);
}
