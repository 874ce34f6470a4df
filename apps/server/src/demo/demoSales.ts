import type { BlobStore } from '../blobs/blobStore.ts';
import { type SalesImportResult, importSalesFile } from '../modules/sales/salesImport.service.ts';
import { setExchangeRate, setShopCode } from '../modules/sales/sales.repo.ts';
import type { Database } from '../db/database.ts';
import { countBetween } from './countSeries.ts';
import { dayContext, salesSeries } from './dayContext.ts';
import type { ResolvedSite } from './demoSites.ts';
import { isoDate, localClock } from './localClock.ts';
import { between, hashUnit, keyId } from './seededRandom.ts';

const STEP_MINUTES = 15;
/** What a pound is worth in the demo organization's reporting currency (euros). */
export const DEMO_GBP_RATE = 1.17;

/**
 * The tills' receipts of every demo shop with sales, for quarter hours starting in [fromMs, toMs),
 * as the lines of a sales file (no header; receipt id, local date-hour with its offset, shop code,
 * items, turnover, currency). A quarter hour has as many receipts as the shop's buyers curve
 * counts (the checkout zone's visitors follow the same curve); baskets vary around the shop's day.
 * Receipts are numbered per shop and local day (0001, 0002, …) from the start of that day, also
 * when fromMs falls inside it: files cut at any instant give each receipt one id.
 */
export function* demoSalesLines(sites: readonly ResolvedSite[], seed: number, fromMs: number, toMs: number): Generator<string> {
  for (const site of sites) {
    const clock = localClock(site.layout.timezone);
    for (const zone of site.layout.zones) {
      const sales = zone.sales;
      if (!sales) continue;
      const zoneKey = keyId(`${site.layout.key}/till/${zone.key}`);
      let day = Number.NaN;
      let ctx = null as ReturnType<typeof dayContext> | null;
      let counter = 0;
      // From before the start of fromMs's local day (an hour more, for a day whose clock changed), counting only before fromMs.
      const first = clock(fromMs);
      for (let ts = fromMs - (first.minute + 60) * 60_000; ts < toMs; ts += STEP_MINUTES * 60_000) {
        const local = clock(ts);
        if (local.day !== day) {
          day = local.day;
          ctx = dayContext(site, seed, day, local.offsetMinutes);
          counter = 0;
        }
        if (!ctx!.hours) continue;
        const orders = countBetween(salesSeries(ctx!, zone.key).cumIn, local.minute, local.minute + STEP_MINUTES);
        if (ts < fromMs) {
          counter += orders;
          continue;
        }
        const basketSize = between(hashUnit(seed, zoneKey, day, 1), ...sales.basketSize);
        const basketPrice = between(hashUnit(seed, zoneKey, day, 2), ...sales.basketPrice);
        for (let k = 0; k < orders; k++) {
          counter += 1;
          const u = (salt: number) => hashUnit(seed, zoneKey, day, local.minute * 100 + k, salt);
          const at = ts + Math.floor(u(3) * STEP_MINUTES * 60) * 1000;
          const items = Math.max(1, Math.round(basketSize * between(u(4), 0.4, 1.6)));
          const amount = Math.round(basketPrice * (items / basketSize) * between(u(5), 0.7, 1.3) * 100) / 100;
          const receipt = `${sales.shopCode}-${isoDate(day).replaceAll('-', '')}-${String(counter).padStart(4, '0')}`;
          yield `${receipt},${localIso(at, local.offsetMinutes)},${sales.shopCode},${items},${amount.toFixed(2)},${sales.currency}\r\n`;
        }
      }
    }
  }
}

/** An instant as local ISO 8601 with its offset, as a till writes it: 2026-03-01T10:05:42+01:00. */
function localIso(ts: number, offsetMinutes: number): string {
  const local = new Date(ts + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * Gives the demo shops their shop codes and the organization a pound rate, then imports the
 * demo's receipts as CSV files through the sales import, the path a customer's file takes: one
 * file per calendar month (UTC), as a till system sends them. A month of the demo shops is ~1.5 MB,
 * far under the import's 10 MB; the demo's longest span (DEMO_DAYS 730) would be ~36 MB in one file.
 */
export async function importDemoSales(
  database: Database,
  blobs: BlobStore,
  opts: { organizationId: number; sites: readonly ResolvedSite[]; seed: number; from: number; to: number; now: Date },
): Promise<SalesImportResult[]> {
  for (const site of opts.sites) {
    for (const zone of site.layout.zones) {
      const id = site.zoneIds.get(zone.key);
      if (!zone.sales || id === undefined) continue;
      await setShopCode(database.db, { id, installationId: site.installationId, organizationId: opts.organizationId }, zone.sales.shopCode);
    }
  }
  await setExchangeRate(database, opts.organizationId, 'GBP', DEMO_GBP_RATE, opts.now);
  const imported: SalesImportResult[] = [];
  for (let from = opts.from; from < opts.to; ) {
    const start = new Date(from);
    const to = Math.min(opts.to, Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    const blob = new Blob([...demoSalesLines(opts.sites, opts.seed, from, to)], { type: 'text/csv' });
    if (blob.size > 0) {
      const file = { name: `demo-sales-${start.toISOString().slice(0, 7)}.csv`, size: blob.size, blob };
      const upload = { organizationId: opts.organizationId, userId: null, file, uploaderDateTime: opts.now.toISOString().slice(0, 19), uploaderTimezone: 'UTC' };
      imported.push(await importSalesFile({ database, blobs, now: () => opts.now }, upload));
    }
    from = to;
  }
  return imported;
}
