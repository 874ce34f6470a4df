import { DEFAULT_REPORTING_CURRENCY } from '@sitelens/domain';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Db, SqlTransaction } from '../../db/database.ts';
import { installations, zones } from '../installations/installations.tables.ts';
import { salesExchangeRates, salesImports, salesSettings, salesShops } from './sales.tables.ts';

/** Shop code -> zone of an organization. */
export async function shopZonesByCode(database: Database, organizationId: number): Promise<Map<string, number>> {
  const rows = await database.db.select({ code: salesShops.shopCode, zoneId: salesShops.zoneId }).from(salesShops).where(eq(salesShops.organizationId, organizationId));
  return new Map(rows.map((r) => [r.code, r.zoneId]));
}

/** Every shop of an organization (zones with a shop code), with their site, by site then zone name. */
export async function shopsOf(database: Database, organizationId: number) {
  return database.db
    .select({
      zoneId: salesShops.zoneId,
      shopCode: salesShops.shopCode,
      name: zones.name,
      installationId: installations.id,
      installationName: installations.name,
      timezone: installations.timezone,
      changeOfDayTime: installations.changeOfDayTime,
    })
    .from(salesShops)
    .innerJoin(zones, eq(zones.id, salesShops.zoneId))
    .innerJoin(installations, eq(installations.id, zones.installationId))
    .where(and(eq(salesShops.organizationId, organizationId), isNull(zones.deletedAt)))
    .orderBy(asc(installations.name), asc(zones.name));
}

export async function shopCodesOfZones(database: Database, zoneIds: number[]): Promise<Map<number, string>> {
  if (zoneIds.length === 0) return new Map();
  const rows = await database.db.select({ zoneId: salesShops.zoneId, code: salesShops.shopCode }).from(salesShops).where(inArray(salesShops.zoneId, zoneIds));
  return new Map(rows.map((r) => [r.zoneId, r.code]));
}

/** Sets (or with null removes) a zone's shop code. */
export async function setShopCode(db: Db, zone: { id: number; installationId: number; organizationId: number }, code: string | null): Promise<void> {
  if (code === null) {
    await db.delete(salesShops).where(eq(salesShops.zoneId, zone.id));
    return;
  }
  await db
    .insert(salesShops)
    .values({ zoneId: zone.id, organizationId: zone.organizationId, installationId: zone.installationId, shopCode: code })
    .onConflictDoUpdate({ target: salesShops.zoneId, set: { shopCode: code } });
}

export async function zoneOfShopCode(database: Database, organizationId: number, code: string): Promise<number | null> {
  const [row] = await database.db
    .select({ zoneId: salesShops.zoneId })
    .from(salesShops)
    .where(and(eq(salesShops.organizationId, organizationId), eq(salesShops.shopCode, code)));
  return row?.zoneId ?? null;
}

export async function reportingCurrencyOf(database: Database, organizationId: number): Promise<string> {
  const [row] = await database.db.select().from(salesSettings).where(eq(salesSettings.organizationId, organizationId));
  return row?.reportingCurrency ?? DEFAULT_REPORTING_CURRENCY;
}

export async function setReportingCurrency(database: Database, organizationId: number, currency: string): Promise<void> {
  await database.db
    .insert(salesSettings)
    .values({ organizationId, reportingCurrency: currency })
    .onConflictDoUpdate({ target: salesSettings.organizationId, set: { reportingCurrency: currency } });
}

export async function exchangeRatesOf(database: Database, organizationId: number) {
  return database.db
    .select({ currency: salesExchangeRates.currency, rate: salesExchangeRates.rate, updatedAt: salesExchangeRates.updatedAt })
    .from(salesExchangeRates)
    .where(eq(salesExchangeRates.organizationId, organizationId))
    .orderBy(asc(salesExchangeRates.currency));
}

export async function setExchangeRate(database: Database, organizationId: number, currency: string, rate: number | null, now: Date): Promise<void> {
  if (rate === null) {
    await database.db.delete(salesExchangeRates).where(and(eq(salesExchangeRates.organizationId, organizationId), eq(salesExchangeRates.currency, currency)));
    return;
  }
  await database.db
    .insert(salesExchangeRates)
    .values({ organizationId, currency, rate, updatedAt: now })
    .onConflictDoUpdate({ target: [salesExchangeRates.organizationId, salesExchangeRates.currency], set: { rate, updatedAt: now } });
}

export type NewSalesImport = typeof salesImports.$inferInsert;

export async function insertSalesImport(tx: SqlTransaction, row: Omit<NewSalesImport, 'id'>): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO sales_imports (organization_id, user_id, file_name, file_type, byte_size, blob_key, uploader_date_time, uploader_timezone,
       rows_read, rows_imported, rows_refused, receipts_replaced, created_at, encoding)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
    [
      row.organizationId,
      row.userId ?? null,
      row.fileName,
      row.fileType,
      row.byteSize,
      row.blobKey,
      row.uploaderDateTime,
      row.uploaderTimezone,
      row.rowsRead,
      row.rowsImported,
      row.rowsRefused,
      row.receiptsReplaced,
      (row.createdAt as Date).toISOString(),
      row.encoding ?? null,
    ],
  );
  return rows[0]!.id;
}

export async function setReceiptsReplaced(tx: SqlTransaction, importId: number, replaced: number): Promise<void> {
  await tx.query('UPDATE sales_imports SET receipts_replaced = $2 WHERE id = $1', [importId, replaced]);
}

export async function findSalesImport(database: Database, id: number) {
  const [row] = await database.db.select().from(salesImports).where(eq(salesImports.id, id));
  return row ?? null;
}

export async function salesImportsOf(database: Database, organizationId: number, limit: number) {
  return database.db.select().from(salesImports).where(eq(salesImports.organizationId, organizationId)).orderBy(desc(salesImports.createdAt), desc(salesImports.id)).limit(limit);
}
