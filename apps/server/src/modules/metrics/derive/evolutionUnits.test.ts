import { describe, expect, it } from 'vitest';
import { readings } from '../../../composition/tables.ts';
import { createOrganization, createSite, createUser } from '../../../test/factories.ts';
import { seededServerPerFile } from '../../../test/seededServer.ts';
import { rebuildRollups } from '../write/rollups.refresh.ts';

const QUERY = `query($input: RetailDataInput!) { retailData(input: $input) { metric unit series { points { t value } } } }`;

const ids = { site: 0 };

/** A reading every hour of one UTC day, `metric` at `value`. */
function hourly(organizationId: number, targetId: number, metric: string, day: string, value: number) {
  return Array.from({ length: 24 }, (_, h) => ({ organizationId, targetKind: 'zone', targetId, metric, ts: new Date(Date.parse(`${day}T00:00:00Z`) + h * 3_600_000), value }));
}

const world = seededServerPerFile({
  seed: async (database) => {
    const org = await createOrganization(database);
    await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
    const { site, top } = await createSite(database, org.id, { timezone: 'UTC' });
    ids.site = site.id;
    // 4 May against 5 May: 20 °C then 21.5 °C, 40 %RH then 45 %RH, 10 then 12 visitors an hour.
    await database.db
      .insert(readings)
      .values([
        ...hourly(org.id, top.id, 'temperature', '2026-05-04', 20),
        ...hourly(org.id, top.id, 'temperature', '2026-05-05', 21.5),
        ...hourly(org.id, top.id, 'humidity', '2026-05-04', 40),
        ...hourly(org.id, top.id, 'humidity', '2026-05-05', 45),
        ...hourly(org.id, top.id, 'visitorsIn', '2026-05-04', 10),
        ...hourly(org.id, top.id, 'visitorsIn', '2026-05-05', 12),
      ]);
    await rebuildRollups(database.sql, org.id);
  },
  signIn: { ops: 'ops@acme.test' },
});

const may5 = { operator: 'AND', conditions: [{ type: 'date', dateBegin: '2026-05-05T00:00:00Z', dateEnd: '2026-05-06T00:00:00Z' }] };

async function evolutionOf(metric: string, groupBy: Record<string, unknown> = { type: 'all' }) {
  const r = await world.server.gql(QUERY, { input: { installationId: ids.site, metric, groupBy: { ...groupBy, aggregation: 'evolution' }, filters: may5 } }, { token: world.token.ops });
  expect(r.errors).toBeUndefined();
  const answer = r.data?.retailData as { unit: string | null; series: Array<{ points: Array<{ value: number | null }> }> };
  return { unit: answer.unit, values: answer.series[0]!.points.map((p) => p.value) };
}

describe('the evolution aggregation', () => {
  it('moves a temperature by its difference in °C, never by a percentage of a Celsius value', async () => {
    const all = await evolutionOf('temperature');
    expect(all.unit).toBe('°C');
    // 21.5 °C against 20 °C: +1.5 °C (a percentage would have said 7.5).
    expect(all.values[0]).toBeCloseTo(1.5, 9);
    // Bucket by bucket alike: every hour of 5 May against the same hour of 4 May.
    const hours = await evolutionOf('temperature', { type: 'date', granularity: 3600 });
    expect(hours.unit).toBe('°C');
    expect(hours.values).toHaveLength(24);
    for (const v of hours.values) expect(v).toBeCloseTo(1.5, 9);
  });

  it('moves a rate in points and a count in percent', async () => {
    const humidity = await evolutionOf('humidity');
    expect(humidity.unit).toBe('pts');
    expect(humidity.values[0]).toBeCloseTo(5, 9);
    const visitors = await evolutionOf('visitorsIn');
    expect(visitors.unit).toBe('%');
    expect(visitors.values[0]).toBeCloseTo(20, 9);
  });
});
