import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileBlobStore } from '../blobs/fileBlobStore.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import type { Database } from '../db/database.ts';
import { DEMO_GBP_RATE, demoSalesLines, importDemoSales } from './demoSales.ts';
import { generateDemo, type DemoSummary } from './generateDemo.ts';
import { loadDemoSites } from './loadDemoSites.ts';

// Three demo days across the turn of February: two monthly files.
const NOW = new Date('2026-03-02T10:07:00Z');
let database: Database;
let demo: DemoSummary;
let blobsDir: string;
let imported: Awaited<ReturnType<typeof importDemoSales>>;
let sites: Awaited<ReturnType<typeof loadDemoSites>>;

beforeAll(async () => {
  database = await openTestDatabase();
  blobsDir = await mkdtemp(join(tmpdir(), 'sitelens-demo-sales-'));
  demo = await generateDemo(database, { seed: 2026, now: NOW, days: 3 });
  sites = await loadDemoSites(database, demo.organizationId);
  imported = await importDemoSales(database, fileBlobStore(blobsDir), { organizationId: demo.organizationId, sites, seed: 2026, from: +demo.from, to: +demo.to, now: NOW });
});
afterAll(async () => {
  await database.close();
  await rm(blobsDir, { recursive: true, force: true });
});

/** A shop's entries and imported sales over the demo days, from readings. */
async function shopTotals(name: string) {
  const { rows } = await database.sql.query<{ metric: string; total: number }>(
    `SELECT r.metric, sum(r.value)::float8 AS total FROM readings r JOIN zones z ON z.id = r.target_id AND r.target_kind = 'zone'
      WHERE z.name = $1 AND r.breakdown = '' AND r.metric IN ('visitorsIn', 'orders', 'goodsSold', 'turnover', 'pedestrians') GROUP BY 1`,
    [name],
  );
  return Object.fromEntries(rows.map((r) => [r.metric, r.total])) as Record<string, number>;
}

describe('demo sales', () => {
  it('imports every till receipt of the demo shops as one sales file per month, each line accepted', () => {
    const lines = [...demoSalesLines([], 1, 0, 1)];
    expect(lines).toEqual([]);
    expect(imported.map((file) => file.fileName)).toEqual(['demo-sales-2026-02.csv', 'demo-sales-2026-03.csv']);
    expect(imported.reduce((n, file) => n + file.rowsRead, 0)).toBeGreaterThan(1000);
    for (const file of imported) {
      expect(file).toMatchObject({ rowsRefused: 0, errorCount: 0, receiptsReplaced: 0 });
      expect(file.rowsRead).toBeGreaterThan(0);
      expect(file.fileUrl).toMatch(/^\/api\/sales-imports\/\d+\/file$/);
    }
  });

  it('imports in its monthly files the very lines of the whole span, and a cut inside a shop’s open day repeats no receipt id', () => {
    const whole = [...demoSalesLines(sites, 2026, +demo.from, +demo.to)];
    expect(imported.reduce((n, file) => n + file.rowsRead, 0)).toBe(whole.length);
    // The shops moved to Sydney, whose open hours span the turn of a UTC day (and month): files cut every 3 hours.
    const sydney = sites.map((site) => ({ ...site, layout: { ...site.layout, timezone: 'Australia/Sydney' } }));
    const all = [...demoSalesLines(sydney, 2026, +demo.from, +demo.to)].sort();
    for (let cut = +demo.from + 3 * 3600_000; cut < +demo.to; cut += 3 * 3600_000) {
      const lines = [...demoSalesLines(sydney, 2026, +demo.from, cut), ...demoSalesLines(sydney, 2026, cut, +demo.to)];
      expect(lines.sort(), new Date(cut).toISOString()).toEqual(all);
    }
    const ids = all.map((line) => line.split(',')[0]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('converts 15 to 35 % of the fashion store visitors into orders of realistic baskets, its pounds in euros', async () => {
    const total = await shopTotals('Store');
    expect(total.orders! / total.visitorsIn!).toBeGreaterThan(0.15);
    expect(total.orders! / total.visitorsIn!).toBeLessThan(0.35);
    expect(total.goodsSold! / total.orders!).toBeGreaterThan(1.2);
    expect(total.goodsSold! / total.orders!).toBeLessThan(2.6);
    expect(total.turnover! / total.orders!).toBeGreaterThan(55 * DEMO_GBP_RATE * 0.8);
    expect(total.turnover! / total.orders!).toBeLessThan(105 * DEMO_GBP_RATE * 1.2);
  });

  it('gives the centre’s shops with tills their orders and the corridor’s passers-by', async () => {
    for (const name of ['Maison Clémence', 'Voltaire Électronique', 'Sportissimo']) {
      const total = await shopTotals(name);
      expect(total.orders! / total.visitorsIn!, name).toBeGreaterThan(0.05);
      expect(total.orders! / total.visitorsIn!, name).toBeLessThan(0.25);
      expect(total.pedestrians! / total.visitorsIn!, name).toBeGreaterThan(2.5);
    }
    const { rows } = await database.sql.query<{ code: string }>('SELECT shop_code AS code FROM sales_shops ORDER BY 1');
    expect(rows.map((r) => r.code)).toEqual(['LDN-214', 'LYO-011', 'LYO-021', 'LYO-031']);
  });
});
