import { describe, expect, it } from 'vitest';
import { readings } from '../../../composition/tables.ts';
import { createOrganization, createSite, createUser } from '../../../test/factories.ts';
import { seededServerPerFile } from '../../../test/seededServer.ts';
import { startTestServer } from '../../../test/testServer.ts';
import { rebuildRollups } from '../write/rollups.refresh.ts';

/**
 * Issue 28 item 11: 100 requests was the only bound, and 100 heavy ones (medians of raw readings
 * over months) kept the server busy for seconds. Each statement is now charged its cost (sources x
 * rows read + 1,000) before it runs, against API_ENGINE_COST_PER_CALL.
 */
const ids = { site: 0, top: 0, child: 0 };
const BUDGET = 500_000;

const world = seededServerPerFile({
  seed: async (database) => {
    const org = await createOrganization(database);
    await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
    const { site, top, child } = await createSite(database, org.id, { timezone: 'UTC' });
    Object.assign(ids, { site: site.id, top: top.id, child: child.id });
    // 90 days of quarter hours on two zones.
    const rows = [];
    for (let t = Date.parse('2026-06-01T00:00:00Z'); t < Date.parse('2026-08-30T00:00:00Z'); t += 15 * 60_000) {
      for (const zone of [top.id, child.id]) rows.push({ organizationId: org.id, targetKind: 'zone', targetId: zone, metric: 'visitorsIn', ts: new Date(t), value: 2 });
    }
    for (let i = 0; i < rows.length; i += 5000) await database.db.insert(readings).values(rows.slice(i, i + 5000));
    await rebuildRollups(database.sql, org.id);
  },
  signIn: { ops: 'ops@acme.test' },
});

const dates = { operator: 'AND', conditions: [{ type: 'date', dateBegin: '2026-06-01T00:00:00Z', dateEnd: '2026-08-30T00:00:00Z' }] };
/** A median of every reading of 90 days on both zones: raw readings, one value out. */
const median = () => ({ installationId: ids.site, metric: 'visitorsIn', filters: dates, groupBy: { type: 'all', aggregation: 'median' }, target: { kind: 'zone', ids: [ids.top, ids.child] } });
/** The same days summed per day: day rollups. */
const daily = () => ({ installationId: ids.site, metric: 'visitorsIn', filters: dates, granularity: 86_400, groupBy: { type: 'date', aggregation: 'sum' }, target: { kind: 'zone', ids: [ids.top, ids.child] } });
const batches = (inputs: unknown[]) => {
  const aliases = Math.ceil(inputs.length / 20);
  const fields = Array.from({ length: aliases }, (_, i) => `a${i}: retailDataBatch(inputs: $i${i}) { series { points { value } } }`);
  const query = `query(${fields.map((_, i) => `$i${i}: [RetailDataInput!]!`).join(', ')}) { ${fields.join(' ')} }`;
  return { query, variables: Object.fromEntries(fields.map((_, i) => [`i${i}`, inputs.slice(i * 20, i * 20 + 20)])) };
};
const call = async (inputs: unknown[]) => {
  const { query, variables } = batches(inputs);
  const started = performance.now();
  const result = await world.server.gql(query, variables, { token: world.token.ops });
  return { result, ms: performance.now() - started };
};

describe('engine cost per call', () => {
  it('refuses 100 heavy requests (within the request bound) by their cost, naming the budget', async () => {
    const { result } = await call(Array.from({ length: 100 }, median));
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'API_WORK_LIMIT', limit: 'cost', max: BUDGET });
    // 100 light ones (day rollups) are well within it.
    const light = await call(Array.from({ length: 100 }, daily));
    expect(light.result.errors).toBeUndefined();
    expect(light.result.data?.a4[19].series[0].points).toHaveLength(90);
  });

  it('answers the heaviest call its budget allows and refuses one more request', async () => {
    const probe = await startTestServer(world.database, { API_ENGINE_COST_PER_CALL: '1000' });
    let cost = 0;
    try {
      const one = await probe.gql(batches([median()]).query, batches([median()]).variables, { token: await probe.signIn('ops@acme.test') });
      cost = one.errors?.[0]?.extensions?.asked as number;
    } finally {
      await probe.close();
    }
    // Two zones x 8,640 quarter hours, plus the statement.
    expect(cost).toBe(1000 + 2 * 8640);
    const heaviest = Math.floor(BUDGET / cost);
    const allowed = await call(Array.from({ length: heaviest }, median));
    expect(allowed.result.errors).toBeUndefined();
    expect(allowed.result.data?.a0[0].series[0].points[0].value).toBe(2);
    const refused = await call(Array.from({ length: heaviest + 1 }, median));
    expect(refused.result.errors?.[0]?.extensions).toMatchObject({ code: 'API_WORK_LIMIT', limit: 'cost', max: BUDGET, asked: (heaviest + 1) * cost });
    // Refused from its arguments, before any statement: far quicker than the work it asked.
    expect(refused.ms).toBeLessThan(allowed.ms / 2);
    console.info(`engine cost: ${heaviest} medians of ${cost} points answered in ${allowed.ms.toFixed(0)} ms; ${heaviest + 1} refused in ${refused.ms.toFixed(0)} ms`);
  });

  it('charges a range shifted off the business day as days plus its edges, not as raw readings (issue 33.5)', async () => {
    // 90 days moved by 3 hours: 2 zones x (90 days + 2 x 96 quarter hours at the edges) + 1,000 = 1,564
    // points; from raw readings it was 2 x 8,640 + 1,000 = 18,280.
    const shifted = { ...daily(), filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: '2026-06-01T03:00:00Z', dateEnd: '2026-08-30T03:00:00Z' }] } };
    for (const [budget, answers] of [['1600', true], ['1300', false]] as const) {
      const probe = await startTestServer(world.database, { API_ENGINE_COST_PER_CALL: budget });
      try {
        const result = await probe.gql(batches([shifted]).query, batches([shifted]).variables, { token: await probe.signIn('ops@acme.test') });
        if (!answers) {
          expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'API_WORK_LIMIT', limit: 'cost' });
          continue;
        }
        expect(result.errors).toBeUndefined();
        const points = result.data?.a0[0].series[0].points as Array<{ value: number }>;
        // The first day from 03:00 (21 hours), then whole days of 2 zones x 96 quarters x 2; the
        // readings end before the last day's 3 hours.
        expect(points).toHaveLength(90);
        expect(points[0]!.value).toBe(21 * 4 * 2 * 2);
        expect(points.slice(1).every((p) => p.value === 96 * 2 * 2)).toBe(true);
      } finally {
        await probe.close();
      }
    }
  });
});
