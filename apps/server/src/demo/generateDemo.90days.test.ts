import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { generateDemo, type DemoSummary } from './generateDemo.ts';

// A million rows: file-backed PGlite, as ARCHITECTURE.md advises past that size.
const dir = mkdtempSync(join(tmpdir(), 'sitelens-demo-'));
let database: Database;
let demo: DemoSummary;

beforeAll(async () => {
  database = await openDatabase({ dataDir: dir });
  // How long it takes is the start benchmark's figure (first start to the demo ready), not this test's.
  demo = await generateDemo(database, { seed: 2026, now: new Date('2026-03-12T10:07:00Z') });
}, 300_000);
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Entries into the whole shopping centre per local day. */
async function centreDays() {
  const { rows } = await database.sql.query<{ day: string; entries: number }>(
    `SELECT (r.ts AT TIME ZONE 'Europe/Paris')::date::text AS day, sum(r.value)::int AS entries
       FROM readings r JOIN zones z ON z.id = r.target_id AND r.target_kind = 'zone'
      WHERE z.name = 'Whole centre' AND r.metric = 'visitorsIn' AND r.breakdown = '' GROUP BY 1 ORDER BY 1`,
  );
  return new Map(rows.map((r) => [r.day, r.entries]));
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

function correlation(xs: number[], ys: number[]): number {
  const [mx, my] = [mean(xs), mean(ys)];
  const cov = mean(xs.map((x, i) => (x - mx) * (ys[i]! - my)));
  return cov / Math.sqrt(mean(xs.map((x) => (x - mx) ** 2)) * mean(ys.map((y) => (y - my) ** 2)));
}

describe('generateDemo over the default 90 days', () => {
  it('writes between one and two million readings', () => {
    expect(demo.counts.readings).toBeGreaterThan(1_000_000);
    expect(demo.counts.readings).toBeLessThan(2_000_000);
  });

  it('follows the retail calendar: closed on Christmas Day, busiest before Christmas and in the first sales week', async () => {
    const days = await centreDays();
    expect(days.has('2025-12-25')).toBe(false);
    expect(days.has('2026-01-01')).toBe(false);
    const saturdays = (dates: string[]) => mean(dates.map((d) => days.get(d)!));
    const beforeChristmas = saturdays(['2025-12-20']);
    const february = saturdays(['2026-02-14', '2026-02-21', '2026-02-28']);
    const salesStart = saturdays(['2026-01-17']);
    expect(beforeChristmas).toBeGreaterThan(february * 1.3);
    expect(salesStart).toBeGreaterThan(february * 1.2);
    // Saturdays beat Tuesdays.
    expect(saturdays(['2026-02-21'])).toBeGreaterThan(days.get('2026-02-17')! * 1.4);
  });

  it('runs a rooftop solar array that covers part of the office electricity', async () => {
    const { rows } = await database.sql.query<{ metric: string; kwh: number }>(
      `SELECT metric, sum(value)::float8 / 90 AS kwh FROM readings
        WHERE target_kind = 'device' AND breakdown = '' AND metric IN ('electricityProduction', 'electricityConsumption') GROUP BY 1`,
    );
    const daily = Object.fromEntries(rows.map((r) => [r.metric, r.kwh]));
    expect(daily.electricityProduction).toBeGreaterThan(200);
    expect(daily.electricityConsumption).toBeGreaterThan(daily.electricityProduction!);
  });

  it('heats the office more on colder days, as its outdoor temperatures show', async () => {
    const { rows } = await database.sql.query<{ day: string; outdoor: number; heat: number }>(
      `WITH office AS (SELECT z.id FROM zones z JOIN installations i ON i.id = z.installation_id
                        WHERE i.name = 'Harbour Point Offices' AND z.parent_id IS NULL ORDER BY z.id LIMIT 1)
       SELECT (r.ts AT TIME ZONE 'Asia/Kolkata')::date::text AS day,
              avg(r.value) FILTER (WHERE r.metric = 'outdoorTemperature')::float8 AS outdoor,
              sum(r.value) FILTER (WHERE r.metric = 'heatConsumption')::float8 AS heat
         FROM readings r
        WHERE r.breakdown = '' AND ((r.metric = 'outdoorTemperature' AND r.target_kind = 'zone' AND r.target_id = (SELECT id FROM office))
                                 OR (r.metric = 'heatConsumption' AND r.target_kind = 'device'))
        GROUP BY 1 ORDER BY 1`,
    );
    // Whole working days (Tuesday to Thursday, open): the heat meter against the day's mean outdoor temperature.
    const days = rows.slice(1, -1).filter((r) => [2, 3, 4].includes(new Date(`${r.day}T12:00:00Z`).getUTCDay()) && r.heat > 100);
    expect(days.length).toBeGreaterThan(30);
    expect(correlation(days.map((d) => d.outdoor), days.map((d) => d.heat))).toBeLessThan(-0.5);
  });
});
