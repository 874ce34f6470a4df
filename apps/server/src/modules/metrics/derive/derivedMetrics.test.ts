import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC_CATALOGUE, engineAnswers } from '@sitelens/domain';
import type { Database } from '../../../db/database.ts';
import { createOrganization, createSite, createUser } from '../../../test/factories.ts';
import { openTestDatabase } from '../../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../../test/testServer.ts';
import { type ReadingRow, writeReadings } from '../write/readings.write.ts';

const QUERY = `query($input: RetailDataInput!) { retailData(input: $input) { metric unit series { key points { t value } } } }`;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
let siteId = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  await createUser(database, { email: 'shop@acme.test', organizationIds: [org.id], role: 'admin' });
  const { site, top } = await createSite(database, org.id, { timezone: 'Europe/London', country: 'United Kingdom' });
  siteId = site.id;
  const at = (iso: string, metric: string, value: number): ReadingRow => ({ organizationId: org.id, targetKind: 'zone', targetId: top.id, metric, ts: new Date(iso), value });
  await writeReadings(database, [
    // 20 November (UTC = London in winter): 10 in, 4 out at 10:00; 6 in, 12 out at 11:00
    at('2026-11-20T10:00:00Z', 'visitorsIn', 10),
    at('2026-11-20T10:00:00Z', 'visitorsOut', 4),
    at('2026-11-20T11:00:00Z', 'visitorsIn', 6),
    at('2026-11-20T11:00:00Z', 'visitorsOut', 12),
    at('2026-11-20T10:00:00Z', 'pedestrians', 80),
    at('2026-11-20T11:00:00Z', 'pedestrians', 120),
    at('2026-11-20T10:30:00Z', 'orders', 4),
    at('2026-11-20T10:30:00Z', 'turnover', 360),
    at('2026-11-20T10:30:00Z', 'goodsSold', 7),
    // 21 November: occupancy starts again from zero
    at('2026-11-21T10:00:00Z', 'visitorsIn', 3),
    at('2026-11-21T10:00:00Z', 'pedestrians', 0),
    at('2026-11-20T10:00:00Z', 'electricityConsumption', 100),
    at('2026-11-20T11:00:00Z', 'electricityConsumption', 50),
    at('2026-11-21T10:00:00Z', 'electricityConsumption', 20),
    at('2026-11-20T10:00:00Z', 'co2', 600),
    at('2026-11-20T10:30:00Z', 'co2', 800),
    at('2026-11-20T11:00:00Z', 'co2', 1500),
    at('2026-11-20T10:00:00Z', 'temperature', 21),
    at('2026-11-20T11:00:00Z', 'temperature', 21.5),
  ]);
  await database.sql.query('update zones set area_m2 = 50 where id = $1', [top.id]);
  server = await startTestServer(database);
  token = await server.signIn('shop@acme.test');
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const run = (metric: string, granularity: number, extra: Record<string, unknown> = {}) =>
  server.gql(
    QUERY,
    {
      input: {
        installationId: siteId,
        metric,
        granularity,
        filters: { conditions: [{ type: 'date', dateBegin: '2026-11-20T00:00:00Z', dateEnd: '2026-11-22T00:00:00Z' }] },
        ...extra,
      },
    },
    { token },
  );
const values = (r: Awaited<ReturnType<typeof run>>) => r.data?.retailData.series[0].points.map((p: { t: string; value: number | null }) => [p.t.slice(0, 13), p.value]);

describe('derived metrics', () => {
  it('answers every catalogue metric the editor offers, and refuses only those the domain says it does not answer', async () => {
    const refused: string[] = [];
    for (const m of METRIC_CATALOGUE) {
      const answer = await run(m.id, 86400);
      const reason = (answer.errors?.[0]?.extensions as { reason?: string } | undefined)?.reason;
      if (reason === 'unknown metric') refused.push(m.id);
    }
    expect(refused).toEqual(METRIC_CATALOGUE.filter((m) => !engineAnswers(m.id)).map((m) => m.id));
    expect(refused.length).toBeLessThan(METRIC_CATALOGUE.length / 4);
  });

  it('capture rate is entries over pedestrians, in percent, per bucket; no pedestrians gives no rate', async () => {
    const r = await run('captureRate', 86400);
    expect(r.data?.retailData.unit).toBe('%');
    expect(values(r)).toEqual([
      ['2026-11-20T00', 8],
      ['2026-11-21T00', null],
    ]);
  });

  it('conversion rate, basket price and basket size come from orders, entries, turnover and goods', async () => {
    // Entries but no sales recorded on the 21st: no rate rather than a made-up 0 %.
    expect(values(await run('conversionRate', 86400))).toEqual([
      ['2026-11-20T00', 25],
      ['2026-11-21T00', null],
    ]);
    expect(values(await run('basketPrice', 86400))).toEqual([['2026-11-20T00', 90]]);
    // Orders over passers-by: 4 of 200.
    expect(values(await run('salesConversion', 86400))).toEqual([
      ['2026-11-20T00', 2],
      ['2026-11-21T00', null],
    ]);
    expect(values(await run('basketSize', 86400))).toEqual([['2026-11-20T00', 1.75]]);
  });

  it('density, occupancy, equivalents, per-area values and running totals follow the catalogue formulas', async () => {
    expect(values(await run('density', 3600))).toEqual([
      ['2026-11-20T10', 6 / 50],
      ['2026-11-20T11', 0],
      ['2026-11-21T10', 3 / 50],
    ]);
    expect(values(await run('reverseDensity', 3600))).toEqual([
      ['2026-11-20T10', 50 / 6],
      ['2026-11-20T11', null],
      ['2026-11-21T10', 50 / 3],
    ]);
    expect(values(await run('occupancy', 3600)).map(([, v]: [string, number]) => v)).toEqual([1, 0, 1]);
    const co2 = await run('electricityConsumptionCo2Equivalent', 86400);
    expect(co2.data?.retailData.unit).toBe('kgCO2');
    // A site in the United Kingdom: its grid's 0.20705 kgCO2 per kWh.
    expect(values(co2).map(([, v]: [string, number]) => v)).toEqual([150 * 0.20705, 20 * 0.20705].map((v) => expect.closeTo(v, 9)));
    expect(values(await run('electricityConsumptionCo2EquivalentPerArea', 86400)).map(([, v]: [string, number]) => v)).toEqual(
      [(150 * 0.20705) / 50, (20 * 0.20705) / 50].map((v) => expect.closeTo(v, 9)),
    );
    expect(values(await run('electricityConsumptionOnDay', 3600))).toEqual([
      ['2026-11-20T10', 100],
      ['2026-11-20T11', 150],
      ['2026-11-21T10', 20],
    ]);
    expect(values(await run('electricityConsumptionOnInterval', 3600)).map(([, v]: [string, number]) => v)).toEqual([100, 150, 170]);
  });

  it('scores air quality per metric (good, fair, poor) and as a comfort score from 1 to 5', async () => {
    expect(values(await run('co2Score', 3600))).toEqual([
      ['2026-11-20T10', 3],
      ['2026-11-20T11', 1],
    ]);
    expect(values(await run('temperatureScore', 3600)).map(([, v]: [string, number]) => v)).toEqual([3, 3]);
    // 10:00 all good (5); 11:00 CO2 poor and temperature good: mean level 2, comfort 3.
    expect(values(await run('comfortScore', 3600))).toEqual([
      ['2026-11-20T10', 5],
      ['2026-11-20T11', 3],
    ]);
  });

  it('inside adds entries and subtracts exits from the start of each business day, never below zero', async () => {
    expect(values(await run('inside', 3600))).toEqual([
      ['2026-11-20T10', 6],
      ['2026-11-20T11', 0],
      ['2026-11-21T10', 3],
    ]);
    expect(errorCode(await run('inside', 86400))).toBe('BAD_USER_INPUT');
  });
});
