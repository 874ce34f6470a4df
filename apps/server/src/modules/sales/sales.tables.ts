import { doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { installations, zones } from '../installations/installations.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * The shop code of a zone: the "shop id" column of a sales file names a zone by it. One code per
 * zone, unique in its organization; administrators set it on the sales-metrics import page.
 */
export const salesShops = pgTable(
  'sales_shops',
  {
    zoneId: integer('zone_id')
      .primaryKey()
      .references(() => zones.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    installationId: integer('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    shopCode: text('shop_code').notNull(),
  },
  (t) => [uniqueIndex('sales_shops_code').on(t.organizationId, t.shopCode)],
);

/** An organization's reporting currency: every turnover is stored in it. EUR when there is no row. */
export const salesSettings = pgTable('sales_settings', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  reportingCurrency: text('reporting_currency').notNull(),
});

/** The rates an organization keeps: one unit of `currency` is worth `rate` units of its reporting currency. */
export const salesExchangeRates = pgTable(
  'sales_exchange_rates',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    rate: doublePrecision('rate').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.currency] })],
);

/** One uploaded sales file: who, when (the uploader's own clock and zone too), what became of its lines. */
export const salesImports = pgTable(
  'sales_imports',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    /** The encoding a CSV was read in (utf-8, windows-1252, utf-16le, utf-16be); null for a workbook (migration 0034). */
    encoding: text('encoding'),
    byteSize: integer('byte_size').notNull(),
    blobKey: text('blob_key').notNull(),
    uploaderDateTime: text('uploader_date_time').notNull(),
    uploaderTimezone: text('uploader_timezone').notNull(),
    rowsRead: integer('rows_read').notNull(),
    rowsImported: integer('rows_imported').notNull(),
    rowsRefused: integer('rows_refused').notNull(),
    receiptsReplaced: integer('receipts_replaced').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sales_imports_organization').on(t.organizationId, t.createdAt)],
);

/**
 * Every imported receipt (an order), kept so that a receipt imported again replaces itself: the
 * readings of its quarter hour (`bucket`) are summed again from this table. Turnover is in the
 * reporting currency; the amount and currency as the file gave them.
 */
export const salesReceipts = pgTable(
  'sales_receipts',
  {
    // No foreign keys (migrations 0030, 0031: one check per row of an import); a trigger on zones deletes a deleted zone's receipts.
    organizationId: integer('organization_id').notNull(),
    zoneId: integer('zone_id').notNull(),
    receiptId: text('receipt_id').notNull(),
    /** salesReceiptKey(receipt_id): a re-import replaces the receipt whatever encoding either file was read in (migration 0034). */
    receiptKey: text('receipt_key').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    items: doublePrecision('items').notNull(),
    turnover: doublePrecision('turnover').notNull(),
    amount: doublePrecision('amount').notNull(),
    currency: text('currency').notNull(),
    // The import that wrote it last; no foreign key (migration 0030): imports go only with their organization.
    importId: integer('import_id'),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.zoneId, t.receiptKey] }), index('sales_receipts_bucket').on(t.organizationId, t.zoneId, t.bucket)],
);
