import { STORED_METRICS } from '@sitelens/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { rebuildRollups } from '../modules/metrics/write/rollups.refresh.ts';
import { startTestServer } from '../test/testServer.ts';
import { DEMO_PASSWORD } from './demoSites.ts';
import { generateDemo, type DemoSummary } from './generateDemo.ts';

// Thursday morning: the three days before cover Monday to Wednesday whole, in every zone.
const NOW = new Date('2026-03-12T10:07:00Z');
const COUNTING = STORED_METRICS.filter((m) => m.family === 'counting').map((m) => m.id);
let database: Database;
let demo: DemoSummary;

beforeAll(async () => {
  database = await openTestDatabase();
  demo = await generateDemo(database, { seed: 2026, now: NOW, days: 3 });
});
afterAll(() => database.close());

/** Targets (zones and passages) of an installation, with its time zone, as a SQL source. */
const TARGETS = `(SELECT 'zone' AS kind, z.id, z.name, z.installation_id FROM zones z
                  UNION ALL SELECT 'passage', p.id, p.name, p.installation_id FROM passages p) t
                 JOIN installations i ON i.id = t.installation_id`;

/** Entries and exits per target and whole local day (the first and last, partial, days left out). */
async function dailyInside(installationId: number) {
  const { rows } = await database.sql.query<{ name: string; day: string; entries: number; left: number; low: number; high: number }>(
    `WITH c AS (
       SELECT t.name, t.kind, (r.ts AT TIME ZONE i.timezone)::date AS day, r.ts,
              sum(CASE r.metric WHEN 'visitorsIn' THEN r.value ELSE -r.value END) AS delta,
              sum(r.value) FILTER (WHERE r.metric = 'visitorsIn') AS entries
         FROM readings r JOIN ${TARGETS} ON t.kind = r.target_kind AND t.id = r.target_id
        WHERE i.id = $1 AND r.breakdown = '' AND r.metric IN ('visitorsIn', 'visitorsOut')
        GROUP BY 1, 2, 3, 4),
     running AS (SELECT *, sum(delta) OVER (PARTITION BY name, kind, day ORDER BY ts) AS inside FROM c)
     SELECT name, day::text, sum(entries)::int AS entries, sum(delta)::int AS left, min(inside)::int AS low, max(inside)::int AS high
       FROM running WHERE day > '2026-03-09' AND day < '2026-03-12' GROUP BY 1, 2, kind ORDER BY 1, 2`,
    [installationId],
  );
  return rows;
}

function correlation(xs: number[], ys: number[]): number {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const [mx, my] = [mean(xs), mean(ys)];
  let [sxy, sxx, syy] = [0, 0, 0];
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

describe('demo readings', () => {
  it('counts nobody outside opening hours, on the local clock of each site', async () => {
    const { rows } = await database.sql.query<{ name: string; inside: number; outside: number }>(
      `SELECT i.name,
              count(*) FILTER (WHERE open.ok)::int AS inside, count(*) FILTER (WHERE NOT open.ok)::int AS outside
         FROM readings r JOIN ${TARGETS} ON t.kind = r.target_kind AND t.id = r.target_id
         CROSS JOIN LATERAL (SELECT r.ts AT TIME ZONE i.timezone AS local) l
         CROSS JOIN LATERAL (SELECT EXISTS (
           SELECT 1 FROM jsonb_array_elements(i.opening_hours) w
            WHERE (w->>'beginDay')::int = extract(isodow FROM l.local)
              AND extract(hour FROM l.local) * 60 + extract(minute FROM l.local) >= (w->>'beginHour')::int * 60 + (w->>'beginMinute')::int
              AND extract(hour FROM l.local) * 60 + extract(minute FROM l.local) + 15 <= (w->>'endHour')::int * 60 + (w->>'endMinute')::int
         ) AS ok) open
        WHERE r.metric = ANY($1) GROUP BY 1 ORDER BY 1`,
      [COUNTING],
    );
    expect(rows.map((r) => r.name)).toEqual(['Atelier Nord Flagship', 'Galeries Rhône', 'Harbour Point Offices']);
    for (const r of rows) {
      expect(r.outside, r.name).toBe(0);
      expect(r.inside, r.name).toBeGreaterThan(100);
    }
  });

  it('empties every zone and passage by closing time, never going below zero inside', async () => {
    for (const site of [demo.installationIds.shoppingCentre, demo.installationIds.fashionStore, demo.installationIds.office]) {
      const days = await dailyInside(site);
      expect(days.length).toBeGreaterThanOrEqual(8);
      for (const d of days) {
        expect(d.left, `${d.name} ${d.day}`).toBe(0);
        expect(d.low, `${d.name} ${d.day}`).toBeGreaterThanOrEqual(0);
      }
      expect(Math.max(...days.map((d) => d.high))).toBeGreaterThan(5);
    }
  });

  it('has a busier shopping centre at lunch and after work than at opening', async () => {
    const { rows } = await database.sql.query<{ hour: number; entries: number }>(
      `SELECT extract(hour FROM r.ts AT TIME ZONE 'Europe/Paris')::int AS hour, sum(r.value)::int AS entries
         FROM readings r JOIN zones z ON z.id = r.target_id AND r.target_kind = 'zone'
        WHERE z.name = 'Whole centre' AND r.metric = 'visitorsIn' AND r.breakdown = '' GROUP BY 1`,
    );
    const at = (h: number) => rows.find((r) => r.hour === h)!.entries;
    expect(at(12)).toBeGreaterThan(at(9) * 2);
    expect(at(18)).toBeGreaterThan(at(15));
    expect(at(18)).toBeGreaterThan(at(19));
  });

  it('counts the centre as the sum of its entrances, and splits totals by gender and engagement exactly', async () => {
    const { rows } = await database.sql.query<{ mismatched: number; slots: number }>(
      `WITH centre AS (SELECT r.ts, r.value FROM readings r JOIN zones z ON z.id = r.target_id
                        WHERE r.target_kind = 'zone' AND z.name = 'Whole centre' AND r.metric = 'visitorsIn' AND r.breakdown = ''),
            doors AS (SELECT r.ts, sum(r.value) AS value FROM readings r JOIN passages p ON p.id = r.target_id
                       WHERE r.target_kind = 'passage' AND p.name LIKE '% entrance' AND p.installation_id = $1 AND r.metric = 'visitorsIn' GROUP BY 1)
       SELECT count(*) FILTER (WHERE c.value <> d.value)::int AS mismatched, count(*)::int AS slots FROM centre c JOIN doors d USING (ts)`,
      [demo.installationIds.shoppingCentre],
    );
    expect(rows[0]!.slots).toBeGreaterThan(100);
    expect(rows[0]!.mismatched).toBe(0);
    const { rows: splits } = await database.sql.query<{ dimension: string; bad: number; n: number }>(
      `SELECT split_part(b.breakdown, ':', 1) AS dimension, count(*)::int AS n,
              count(*) FILTER (WHERE abs(b.total - t.value) > 1e-6)::int AS bad
         FROM (SELECT organization_id, target_kind, target_id, metric, ts, split_part(breakdown, ':', 1) AS breakdown, sum(value) AS total
                 FROM readings WHERE breakdown <> '' GROUP BY 1, 2, 3, 4, 5, 6) b
         JOIN readings t USING (organization_id, target_kind, target_id, metric, ts)
        WHERE t.breakdown = '' GROUP BY 1 ORDER BY 1`,
    );
    expect(splits.map((s) => s.dimension)).toEqual(['destination', 'engagement', 'gender', 'origin', 'waterTemperature']);
    for (const s of splits) expect(s.bad, s.dimension).toBe(0);
  });

  it("raises a meeting room's CO2 with the people in it", async () => {
    const { rows: rooms } = await database.sql.query<{ zone: number; device: number }>(
      `SELECT z.id AS zone, d.id AS device FROM zones z JOIN devices d ON d.zone_id = z.id AND d.kind = 'atmosphere'
        WHERE z.name LIKE 'Meeting room%' OR z.name = 'Boardroom'`,
    );
    expect(rooms.length).toBe(3);
    for (const { zone, device } of rooms) {
      // People in the room on average over each quarter hour (entries minus exits since midnight), days from midnight on.
      const { rows } = await database.sql.query<{ co2: number; people: number }>(
        `WITH counts AS (
           SELECT ts, sum(CASE metric WHEN 'visitorsIn' THEN value ELSE -value END) AS delta FROM readings
            WHERE target_kind = 'zone' AND target_id = $1 AND breakdown = '' AND metric IN ('visitorsIn', 'visitorsOut') GROUP BY ts),
         inside AS (
           SELECT c.ts, c.value AS co2, coalesce(sum(k.delta), 0) AS after, coalesce(sum(k.delta) FILTER (WHERE k.ts < c.ts), 0) AS before
             FROM readings c LEFT JOIN counts k ON k.ts <= c.ts
              AND (k.ts AT TIME ZONE 'Asia/Kolkata')::date = (c.ts AT TIME ZONE 'Asia/Kolkata')::date
            WHERE c.target_kind = 'device' AND c.target_id = $2 AND c.metric = 'co2' AND (c.ts AT TIME ZONE 'Asia/Kolkata')::date > '2026-03-09'
            GROUP BY c.ts, c.value)
         SELECT co2, ((before + after) / 2)::float8 AS people FROM inside`,
        [zone, device],
      );
      expect(Math.max(...rows.map((r) => r.co2))).toBeGreaterThan(800);
      expect(Math.min(...rows.map((r) => r.co2))).toBeLessThan(460);
      expect(Math.min(...rows.map((r) => r.people))).toBe(0);
      expect(correlation(rows.map((r) => r.people), rows.map((r) => r.co2))).toBeGreaterThan(0.5);
    }
  });

  it('counts 8 to 15 passers-by for each visitor of the fashion store, and writes no sales (they come from the tills’ file)', async () => {
    const { rows } = await database.sql.query<{ metric: string; total: number }>(
      `SELECT r.metric, sum(r.value)::float8 AS total FROM readings r JOIN zones z ON z.id = r.target_id AND r.target_kind = 'zone'
        WHERE z.name = 'Store' AND r.breakdown = '' AND r.metric IN ('visitorsIn', 'orders', 'pedestrians') GROUP BY 1`,
    );
    const total = Object.fromEntries(rows.map((r) => [r.metric, r.total]));
    expect(total.orders).toBeUndefined();
    expect(total.pedestrians! / total.visitorsIn!).toBeGreaterThan(8);
    expect(total.pedestrians! / total.visitorsIn!).toBeLessThan(15);
  });

  it('gives the centre and its floors passers-by of their own: no capture rate above 100 %, through the engine', async () => {
    // The engine reads rollups, which the demo's start builds after the readings (ensureDemo.ts).
    await rebuildRollups(database.sql, demo.organizationId);
    const server = await startTestServer(database);
    try {
      const token = await server.signIn('admin@sitelens.example', DEMO_PASSWORD);
      const sites = (await server.gql('{ allInstallations { id name } }', {}, { token })).data!.allInstallations as Array<{ id: number; name: string }>;
      const centre = sites.find((s) => s.name === 'Galeries Rhône')!;
      const zones = (await server.gql('query($i:Int!){ zonesByInstallation(installationId:$i){ id name parentIds } }', { i: centre.id }, { token })).data!
        .zonesByInstallation as Array<{ id: number; name: string; parentIds: number[] }>;
      // The centre, its three floors, and the shops with window counters (the tills' shops).
      const input = {
        installationId: centre.id,
        metric: 'captureRate',
        target: { kind: 'zone', ids: zones.map((z) => z.id) },
        groupBy: { type: 'zone', aggregation: 'avg' },
        filters: { conditions: [{ type: 'date', dateBegin: '2026-03-09T04:00:00Z', dateEnd: '2026-03-12T04:00:00Z' }] },
      };
      const answer = await server.gql('query($input: RetailDataInput!) { retailData(input: $input) { series { key points { value } } } }', { input }, { token });
      expect(answer.errors).toBeUndefined();
      const rates = Object.fromEntries(
        (answer.data!.retailData.series as Array<{ key: string; points: Array<{ value: number | null }> }>)
          .map((s) => [zones.find((z) => String(z.id) === s.key)!.name, s.points[0]?.value ?? null] as const)
          .filter(([, value]) => value !== null),
      );
      expect(Object.keys(rates).sort()).toEqual(['Ground floor', 'Level 1', 'Level 2', 'Maison Clémence', 'Sportissimo', 'Voltaire Électronique', 'Whole centre']);
      for (const [name, rate] of Object.entries(rates)) {
        expect([name, rate! > 5 && rate! < 100]).toEqual([name, true]);
      }
      // About a third of the street outside comes in; most of who reaches a floor's landing steps onto it.
      expect(rates['Whole centre']).toBeGreaterThan(25);
      expect(rates['Whole centre']).toBeLessThan(40);
      for (const floor of ['Ground floor', 'Level 1', 'Level 2']) expect(rates[floor]).toBeGreaterThan(55);
    } finally {
      await server.close();
    }
  });

  it('samples air day and night and meters every quarter hour, with solar only in daylight', async () => {
    const { rows } = await database.sql.query<{ metric: string; n: number; night: number; low: number; high: number }>(
      `SELECT metric, count(*)::int AS n, min(value)::float8 AS low, max(value)::float8 AS high,
              max(value) FILTER (WHERE extract(hour FROM ts AT TIME ZONE 'Asia/Kolkata') IN (0, 1, 2, 3, 22, 23))::float8 AS night
         FROM readings WHERE target_kind = 'device' AND breakdown = '' GROUP BY 1 ORDER BY 1`,
    );
    const byMetric = Object.fromEntries(rows.map((r) => [r.metric, r]));
    const quarters = 3 * 96;
    expect(byMetric.co2!.n).toBe(7 * quarters);
    expect(byMetric.electricityProduction!.night).toBe(0);
    expect(byMetric.electricityProduction!.high).toBeGreaterThan(5);
    expect(byMetric.temperature!.low).toBeGreaterThan(18);
    expect(byMetric.temperature!.high).toBeLessThan(25.5);
    expect(byMetric.humidity!.low).toBeGreaterThanOrEqual(35);
    expect(byMetric.humidity!.high).toBeLessThanOrEqual(60);
    expect(byMetric.pressure!.low).toBeGreaterThan(995);
    expect(byMetric.electricityConsumption!.night).toBeLessThan(byMetric.electricityConsumption!.high / 2);
  });

  it("records every site's outdoor temperature each local hour on its top zone: colder at night, in season", async () => {
    const { rows } = await database.sql.query<{ name: string; n: number; low: number; high: number; night: number; afternoon: number }>(
      `SELECT i.name, count(*)::int AS n, min(r.value)::float8 AS low, max(r.value)::float8 AS high,
              avg(r.value) FILTER (WHERE extract(hour FROM r.ts AT TIME ZONE i.timezone) BETWEEN 2 AND 5)::float8 AS night,
              avg(r.value) FILTER (WHERE extract(hour FROM r.ts AT TIME ZONE i.timezone) BETWEEN 13 AND 16)::float8 AS afternoon
         FROM readings r JOIN zones z ON z.id = r.target_id JOIN installations i ON i.id = z.installation_id
        WHERE r.metric = 'outdoorTemperature' AND r.target_kind = 'zone' AND z.parent_id IS NULL
          AND extract(minute FROM r.ts AT TIME ZONE i.timezone) = 0
        GROUP BY 1 ORDER BY 1`,
    );
    const all = await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM readings WHERE metric = 'outdoorTemperature'`);
    expect(rows.map((r) => [r.name, r.n])).toEqual([
      ['Atelier Nord Flagship', 72],
      ['Galeries Rhône', 72],
      ['Harbour Point Offices', 72],
    ]);
    expect(all.rows[0]!.n).toBe(3 * 72);
    const site = Object.fromEntries(rows.map((r) => [r.name, r]));
    // Early March: Lyon and London around 5 to 10 °C, Mumbai near 27 °C.
    for (const name of ['Atelier Nord Flagship', 'Galeries Rhône']) {
      expect(site[name]!.low, name).toBeGreaterThan(-8);
      expect(site[name]!.high, name).toBeLessThan(22);
    }
    expect(site['Harbour Point Offices']!.low).toBeGreaterThan(17);
    expect(site['Harbour Point Offices']!.high).toBeLessThan(38);
    for (const r of rows) expect(r.afternoon - r.night, r.name).toBeGreaterThan(3);
  });
});
