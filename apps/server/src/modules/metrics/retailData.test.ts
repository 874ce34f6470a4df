import { describe, expect, it } from 'vitest';
import { readings, tagCategories, tags, zoneTags } from '../../composition/tables.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { seededServerPerFile } from '../../test/seededServer.ts';
import { errorCode } from '../../test/testServer.ts';
import { rebuildRollups } from './write/rollups.refresh.ts';

const QUERY = `query($input: RetailDataInput!) { retailData(input: $input) { metric unit series { key label points { t value } } } }`;

const ids = { paris: 0, parisZone: 0, parisChild: 0, kolkata: 0, kolkataZone: 0, category: 0, front: 0, back: 0 };

/** One reading of 1 visitor every 15 minutes over [from, to), half of them FEMALE. */
function quarterHours(organizationId: number, targetId: number, from: string, to: string) {
  const rows: Array<typeof readings.$inferInsert> = [];
  for (let t = Date.parse(from); t < Date.parse(to); t += 15 * 60_000) {
    const base = { organizationId, targetKind: 'zone', targetId, metric: 'visitorsIn', ts: new Date(t) };
    rows.push({ ...base, value: 2 }, { ...base, breakdown: 'gender:FEMALE', value: 1 }, { ...base, breakdown: 'gender:MALE', value: 1 });
  }
  return rows;
}

const world = seededServerPerFile({
  seed: async (database) => {
    const org = await createOrganization(database);
    await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
    const paris = await createSite(database, org.id, { timezone: 'Europe/Paris' });
    const kolkata = await createSite(database, org.id, { name: 'Mumbai', timezone: 'Asia/Kolkata', changeOfDayTime: '04:00' });
    Object.assign(ids, { paris: paris.site.id, parisZone: paris.top.id, parisChild: paris.child.id, kolkata: kolkata.site.id, kolkataZone: kolkata.top.id });
    // Paris: 24 and 25 October 2026 (the clocks go back on the 25th), local midnight to midnight.
    await database.db.insert(readings).values(quarterHours(org.id, paris.top.id, '2026-10-23T22:00:00Z', '2026-10-25T23:00:00Z'));
    await database.db.insert(readings).values(quarterHours(org.id, paris.child.id, '2026-10-24T08:00:00Z', '2026-10-24T10:00:00Z'));
    await database.db.insert(readings).values(quarterHours(org.id, kolkata.top.id, '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'));
    const [category] = await database.db.insert(tagCategories).values({ organizationId: org.id, name: 'Area' }).returning();
    const [front, back] = await database.db
      .insert(tags)
      .values([
        { organizationId: org.id, categoryId: category!.id, name: 'Front' },
        { organizationId: org.id, categoryId: category!.id, name: 'Back' },
      ])
      .returning();
    await database.db.insert(zoneTags).values([
      { zoneId: paris.top.id, tagId: front!.id },
      { zoneId: paris.child.id, tagId: back!.id },
    ]);
    Object.assign(ids, { category: category!.id, front: front!.id, back: back!.id });
    await rebuildRollups(database.sql, org.id);
  },
  signIn: { ops: 'ops@acme.test' },
});

const run = (input: Record<string, unknown>) => world.server.gql(QUERY, { input }, { token: world.token.ops });
const day = (begin: string, end: string) => ({ operator: 'AND', conditions: [{ type: 'date', dateBegin: begin, dateEnd: end }] });

describe('retailData', () => {
  it('sums visitors per local hour, with 25 hours on the day the clocks go back', async () => {
    const r = await run({ installationId: ids.paris, metric: 'visitorsIn', granularity: 3600, filters: day('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z') });
    const points = r.data?.retailData.series[0].points as Array<{ t: string; value: number }>;
    expect(points).toHaveLength(25);
    expect(points.every((p) => p.value === 8)).toBe(true);
    expect(points[0]!.t).toBe('2026-10-24T22:00:00.000Z');
    // 02:00 local happens twice: 00:00Z (summer time) and 01:00Z (winter time) are separate hours.
    expect(points.slice(2, 4).map((p) => p.t)).toEqual(['2026-10-25T00:00:00.000Z', '2026-10-25T01:00:00.000Z']);
    expect(r.data?.retailData.unit).toBeNull();
  });

  it('totals a day per local calendar day', async () => {
    const r = await run({ installationId: ids.paris, metric: 'visitorsIn', granularity: 86400, filters: day('2026-10-23T22:00:00Z', '2026-10-26T00:00:00Z') });
    const points = r.data?.retailData.series[0].points;
    expect(points).toEqual([
      { t: '2026-10-23T22:00:00.000Z', value: 24 * 8 },
      { t: '2026-10-24T22:00:00.000Z', value: 25 * 8 },
    ]);
  });

  it('aligns hours to the local clock in a half-hour zone and starts days at the change-of-day time', async () => {
    const hourly = await run({ installationId: ids.kolkata, metric: 'visitorsIn', granularity: 3600, filters: day('2026-03-01T00:00:00Z', '2026-03-01T03:00:00Z') });
    expect(hourly.data?.retailData.series[0].points.map((p: { t: string }) => p.t)).toEqual([
      '2026-02-28T23:30:00.000Z',
      '2026-03-01T00:30:00.000Z',
      '2026-03-01T01:30:00.000Z',
      '2026-03-01T02:30:00.000Z',
    ]);
    const daily = await run({ installationId: ids.kolkata, metric: 'visitorsIn', granularity: 86400, filters: day('2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z') });
    // Days start at 04:00 local = 22:30Z the day before.
    expect(daily.data?.retailData.series[0].points.map((p: { t: string }) => p.t)).toEqual(['2026-02-28T22:30:00.000Z', '2026-03-01T22:30:00.000Z']);
  });

  it('reads a gender breakdown, weekdays, several date ranges and one series per zone', async () => {
    const female = await run({
      installationId: ids.paris,
      metric: 'visitorsIn',
      groupBy: { type: 'all' },
      filters: { conditions: [{ type: 'date', dateBegin: '2026-10-24T08:00:00Z', dateEnd: '2026-10-24T09:00:00Z' }, { type: 'gender', values: ['FEMALE'] }] },
    });
    expect(female.data?.retailData.series[0].points).toEqual([{ t: null, value: 4 }]);
    const saturdaysOnly = await run({
      installationId: ids.paris,
      metric: 'visitorsIn',
      groupBy: { type: 'all' },
      filters: { conditions: [{ type: 'date', dateBegin: '2026-10-23T22:00:00Z', dateEnd: '2026-10-26T00:00:00Z' }, { type: 'day', operator: 'IS', values: ['6'] }] },
    });
    expect(saturdaysOnly.data?.retailData.series[0].points[0].value).toBe(24 * 8);
    const twoRanges = await run({
      installationId: ids.paris,
      metric: 'visitorsIn',
      groupBy: { type: 'all' },
      filters: { conditions: [{ type: 'date', dateBegin: '2026-10-24T08:00:00Z', dateEnd: '2026-10-24T09:00:00Z' }, { type: 'date', dateBegin: '2026-10-25T08:00:00Z', dateEnd: '2026-10-25T10:00:00Z' }] },
    });
    expect(twoRanges.data?.retailData.series[0].points[0].value).toBe(3 * 8);
    const perZone = await run({
      installationId: ids.paris,
      metric: 'visitorsIn',
      groupBy: { type: 'zone' },
      target: { kind: 'zone', ids: [ids.parisZone, ids.parisChild] },
      filters: day('2026-10-24T08:00:00Z', '2026-10-24T10:00:00Z'),
      granularity: 86400,
    });
    expect(perZone.data?.retailData.series.map((s: { label: string; points: Array<{ value: number }> }) => [s.label, s.points[0]!.value])).toEqual([
      ['Whole store', 16],
      ['Checkout', 16],
    ]);
  });

  it('counts only the hours of a preset, of given hours, or of the site’s opening hours', async () => {
    const saturday = { type: 'date', dateBegin: '2026-10-23T22:00:00Z', dateEnd: '2026-10-24T22:00:00Z' };
    const total = async (...conditions: object[]) =>
      (await run({ installationId: ids.paris, metric: 'visitorsIn', groupBy: { type: 'all' }, filters: { conditions: [saturday, ...conditions] } })).data?.retailData
        .series[0].points[0].value;
    expect(await total()).toBe(24 * 8);
    expect(await total({ type: 'hours', values: ['openingHours'] })).toBe(11 * 8);
    expect(await total({ type: 'hours', values: ['morning'] })).toBe(12 * 8);
    expect(await total({ type: 'hours', values: ['morning'] }, { type: 'hours', values: ['10', '14'] })).toBe(2 * 8);
    // Saturday 09:30-19:00 local: 9.5 hours, read from raw readings since it starts at half past.
    await world.database.sql.query(`update installations set opening_hours = $1 where id = $2`, [
      JSON.stringify([{ beginDay: 6, beginHour: 9, beginMinute: 30, endDay: 6, endHour: 19, endMinute: 0, reset: true }]),
      ids.paris,
    ]);
    expect(await total({ type: 'openingHours' })).toBe(9.5 * 8);
    expect(errorCode(await run({ installationId: ids.paris, metric: 'visitorsIn', filters: { conditions: [saturday, { type: 'hours', values: ['20', '8'] }] } }))).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('compares with the previous equal period (evolution), answers batches in order, and keeps limited widgets to their span', async () => {
    const sunday = day('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z');
    const evo = await run({ installationId: ids.paris, metric: 'visitorsIn', groupBy: { type: 'all', aggregation: 'evolution' }, filters: sunday });
    // Sunday (25 hours, 200 visitors) against the 25 hours before it (21:00Z Friday to 22:00Z Saturday: 24 hours of data, 192).
    expect(evo.data?.retailData.unit).toBe('%');
    expect(evo.data?.retailData.series[0].points[0].value).toBeCloseTo(((200 - 192) / 192) * 100, 9);
    const batch = await world.server.gql(
      `query($inputs: [RetailDataInput!]!) { retailDataBatch(inputs: $inputs) { metric series { points { value } } } }`,
      {
        inputs: [
          { installationId: ids.paris, metric: 'visitorsIn', groupBy: { type: 'all' }, filters: sunday },
          { installationId: ids.paris, metric: 'visitorsIn', groupBy: { type: 'all' }, filters: { conditions: [...sunday.conditions, { type: 'gender', values: ['MALE'] }] } },
        ],
      },
      { token: world.token.ops },
    );
    expect(batch.data?.retailDataBatch.map((r: { series: Array<{ points: Array<{ value: number }> }> }) => r.series[0]!.points[0]!.value)).toEqual([200, 100]);
    const wide = await run({ installationId: ids.paris, metric: 'visitorsIn', maxRangeDays: 14, filters: day('2026-10-01T00:00:00Z', '2026-10-16T00:00:00Z') });
    expect(errorCode(wide)).toBe('TIME_RANGE_TOO_WIDE');
    expect(wide.errors?.[0]?.extensions?.maxDays).toBe(14);
    const narrow = await run({ installationId: ids.paris, metric: 'visitorsIn', maxRangeDays: 14, groupBy: { type: 'all' }, filters: sunday });
    expect(narrow.data?.retailData.series[0].points[0].value).toBe(200);
  });

  it('answers a batch over several sites as each request alone, and checks every installation of it', async () => {
    const BATCH = `query($inputs: [RetailDataInput!]!) { retailDataBatch(inputs: $inputs) { metric unit series { key label points { t value } } } }`;
    const batch = (inputs: object[]) => world.server.gql(BATCH, { inputs }, { token: world.token.ops });
    const sunday = day('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z');
    const inputs = [
      { installationId: ids.paris, metric: 'visitorsIn', granularity: 3600, filters: sunday },
      { installationId: ids.kolkata, metric: 'visitorsIn', granularity: 86400, filters: day('2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z') },
      { installationId: ids.paris, metric: 'visitorsIn', groupBy: { type: 'zone' }, target: { kind: 'zone', ids: [ids.parisZone, ids.parisChild] }, granularity: 86400, filters: day('2026-10-24T08:00:00Z', '2026-10-24T10:00:00Z') },
      { installationId: ids.paris, metric: 'visitorsIn', groupBy: { type: 'tagCategory', tagId: ids.category }, filters: day('2026-10-24T08:00:00Z', '2026-10-24T10:00:00Z') },
      { installationId: ids.kolkata, metric: 'visitorsIn', groupBy: { type: 'all' }, filters: day('2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z') },
      { installationId: ids.paris, metric: 'visitorsIn', groupBy: { type: 'all', aggregation: 'evolution' }, filters: sunday },
      // Requests of one shape (only sites, targets or dates differ): PGlite reads them in one statement.
      { installationId: ids.paris, metric: 'visitorsIn', groupBy: { type: 'all' }, filters: day('2026-10-23T22:00:00Z', '2026-10-24T22:00:00Z') },
      { installationId: ids.paris, metric: 'visitorsIn', groupBy: { type: 'all' }, filters: sunday },
      { installationId: ids.paris, metric: 'visitorsIn', groupBy: { type: 'zone' }, target: { kind: 'zone', ids: [ids.parisChild] }, granularity: 86400, filters: day('2026-10-23T22:00:00Z', '2026-10-25T23:00:00Z') },
      { installationId: ids.paris, metric: 'visitorsIn', granularity: 3600, target: { kind: 'zone', ids: [ids.parisChild] }, filters: sunday },
    ];
    const together = await batch(inputs);
    expect(together.errors).toBeUndefined();
    const alone = await Promise.all(inputs.map(async (input) => (await batch([input])).data?.retailDataBatch[0]));
    expect(together.data?.retailDataBatch).toEqual(alone);
    expect(alone.map((a) => a.series.length)).toEqual([1, 1, 2, 2, 1, 1, 1, 1, 1, 0]);
    expect(alone.slice(6, 8).map((a) => a.series[0].points[0].value)).toEqual([192, 200]);

    // Another organization's site, first or last in the batch: refused as if missing, nothing answered.
    const other = await createOrganization(world.database, 'Rival Retail');
    const foreign = await createSite(world.database, other.id, { name: 'Rival store' });
    await world.database.db.insert(readings).values(quarterHours(other.id, foreign.top.id, '2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z'));
    const theirs = { installationId: foreign.site.id, metric: 'visitorsIn', groupBy: { type: 'all' }, filters: sunday };
    for (const mixed of [[inputs[0]!, theirs], [theirs, inputs[1]!, inputs[2]!]]) {
      const r = await batch(mixed);
      expect(errorCode(r)).toBe('NOT_FOUND');
      expect(r.data?.retailDataBatch ?? null).toBeNull();
    }
    // Their zone as the target of our site's request is unknown to it, also beside a request of theirs.
    const theirZone = { ...inputs[0]!, target: { kind: 'zone', ids: [foreign.top.id] } };
    expect(errorCode(await batch([theirZone, inputs[1]!]))).toBe('BAD_USER_INPUT');
    expect(errorCode(await batch([theirs, theirZone]))).toBe('NOT_FOUND');
    // The same batch without theirs still answers.
    expect((await batch([inputs[0]!, inputs[1]!])).data?.retailDataBatch).toEqual(alone.slice(0, 2));
  });

  it('splits a metric by one of its breakdowns, one series per value', async () => {
    const r = await run({
      installationId: ids.paris,
      metric: 'visitorsIn',
      groupBy: { type: 'gender', granularity: 86400 },
      filters: day('2026-10-23T22:00:00Z', '2026-10-24T22:00:00Z'),
    });
    expect(r.data?.retailData.series.map((s: { key: string; points: Array<{ value: number }> }) => [s.key, s.points.map((p) => p.value)])).toEqual([
      ['FEMALE', [96]],
      ['MALE', [96]],
    ]);
    expect(errorCode(await run({ installationId: ids.paris, metric: 'visitorsOut', groupBy: { type: 'gender' } }))).toBe('BAD_USER_INPUT');
    expect(
      errorCode(await run({ installationId: ids.paris, metric: 'visitorsIn', groupBy: { type: 'engagement' }, filters: { conditions: [{ type: 'gender', values: ['MALE'] }] } })),
    ).toBe('BAD_USER_INPUT');
  });

  it.each([
    ['weekday', [['6', 192], ['7', 200]]],
    ['weekend', [['weekend', 392]]],
    ['monthly', [['10', 392]]],
    ['weekly', [['W43', 392]]],
  ])('groups discontinuous dates by %s, from rollups and from raw readings alike', async (variant, expected) => {
    const keyed = `query($input: RetailDataInput!) { retailData(input: $input) { series { points { t key value } } } }`;
    const points = async (begin: string, end: string) =>
      (
        await world.server.gql(keyed, { input: { installationId: ids.paris, metric: 'visitorsIn', groupBy: { type: 'discontinuousDate', variant }, filters: day(begin, end) } }, { token: world.token.ops })
      ).data?.retailData.series[0].points.map(
        (p: { key: string; value: number; t: string | null }) => [p.key, p.value, p.t],
      );
    const withNullT = expected.map(([k, v]) => [k, v, null]);
    expect(await points('2026-10-23T22:00:00Z', '2026-10-25T23:00:00Z')).toEqual(withNullT);
    expect(await points('2026-10-23T21:59:00Z', '2026-10-25T23:00:00Z')).toEqual(withNullT);
  });

  it('filters zones by tag or category and splits a metric per tag', async () => {
    const morning = day('2026-10-24T08:00:00Z', '2026-10-24T10:00:00Z');
    const total = async (extra: object) => (await run({ installationId: ids.paris, metric: 'visitorsIn', groupBy: { type: 'all' }, filters: morning, ...extra })).data?.retailData;
    expect((await total({ filters: { conditions: [...morning.conditions, { type: 'category', values: [String(ids.back)] }] } })).series[0].points[0].value).toBe(16);
    const perTag = await total({ groupBy: { type: 'tagCategory', tagId: ids.category } });
    // One series per tag of the category, one value each over the range (no granularity asked).
    expect(perTag.series.map((s: { label: string; points: Array<{ value: number }> }) => [s.label, s.points.map((p) => p.value)])).toEqual([
      ['Front', [16]],
      ['Back', [16]],
    ]);
    const hourly = await total({ groupBy: { type: 'tagCategory', tagId: ids.category, granularity: 3600 } });
    expect(hourly.series.map((s: { points: unknown[] }) => s.points.length)).toEqual([2, 2]);
    const other = await run({ installationId: ids.paris, metric: 'visitorsIn', filters: { conditions: [{ type: 'tag', values: ['999999'] }] } });
    expect(errorCode(other)).toBe('BAD_USER_INPUT');
  });

  it('answers KPI cards: one value per metric with the previous equal period', async () => {
    const r = await world.server.gql(
      `query($input: KpiInput!) { kpis(input: $input) { metric unit value previousValue evolution } }`,
      { input: { installationId: ids.paris, metrics: ['visitorsIn', 'conversionRate'], filters: day('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z') } },
      { token: world.token.ops },
    );
    expect(r.data?.kpis[0]).toEqual({ metric: 'visitorsIn', unit: null, value: 200, previousValue: 192, evolution: expect.closeTo((8 / 192) * 100, 9) });
    // No sales in this data: a KPI without value, not an error.
    expect(r.data?.kpis[1]).toEqual({ metric: 'conversionRate', unit: '%', value: null, previousValue: null, evolution: null });
    // Why there is no value: the site never measured the orders it is computed from; a counted metric has nothing missing.
    const why = await world.server.gql(
      `query($input: KpiInput!) { kpis(input: $input) { metric missingMetrics } }`,
      { input: { installationId: ids.paris, metrics: ['visitorsIn', 'conversionRate', 'captureRate'], filters: day('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z') } },
      { token: world.token.ops },
    );
    expect(why.data?.kpis).toEqual([
      { metric: 'visitorsIn', missingMetrics: [] },
      { metric: 'conversionRate', missingMetrics: ['orders'] },
      { metric: 'captureRate', missingMetrics: ['pedestrians'] },
    ]);
    const other = await world.server.gql(`query($input: KpiInput!) { kpis(input: $input) { value } }`, { input: { installationId: ids.paris, metrics: [] } }, { token: world.token.ops });
    expect(errorCode(other)).toBe('BAD_USER_INPUT');
  });

  it('ranks the series before keeping the top N (sortBy, limit)', async () => {
    const perZone = (extra: Record<string, unknown>) =>
      run({ installationId: ids.paris, metric: 'visitorsIn', groupBy: { type: 'zoneId' }, target: { kind: 'zone', ids: [ids.parisChild, ids.parisZone] }, filters: day('2026-10-23T22:00:00Z', '2026-10-24T22:00:00Z'), ...extra });
    const figures = (r: Awaited<ReturnType<typeof run>>) => r.data?.retailData.series.map((s: { label: string; points: Array<{ value: number }> }) => [s.label, s.points[0]!.value]);
    expect(figures(await perZone({}))).toEqual([['Whole store', 192], ['Checkout', 16]]);
    expect(figures(await perZone({ sortBy: { type: 'value', order: 'ASC' } }))).toEqual([['Checkout', 16], ['Whole store', 192]]);
    expect(figures(await perZone({ sortBy: { type: 'value', order: 'ASC' }, limit: 1 }))).toEqual([['Checkout', 16]]);
    expect(figures(await perZone({ sortBy: { type: 'value', order: 'DESC' }, limit: 1 }))).toEqual([['Whole store', 192]]);
    expect(errorCode(await perZone({ sortBy: { type: 'label', order: 'DESC' } }))).toBe('BAD_USER_INPUT');
  });

  it('refuses bad requests with a code instead of guessing', async () => {
    const wide = await run({ installationId: ids.paris, metric: 'visitorsIn', granularity: 60, filters: day('2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z') });
    expect(errorCode(wide)).toBe('TIME_RANGE_TOO_WIDE');
    expect(errorCode(await run({ installationId: ids.paris, metric: 'nonsense' }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await run({ installationId: ids.paris, metric: 'visitorsIn', granularity: 7 }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await run({ installationId: ids.paris, metric: 'visitorsIn', target: { kind: 'zone', ids: [ids.kolkataZone] } }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await run({ installationId: ids.paris, metric: 'co2', target: { kind: 'passage', ids: [1] } }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await run({ installationId: ids.paris, metric: 'visitorsIn', filters: day('2026-10-25T00:00:00Z', '2026-10-24T00:00:00Z') }))).toBe('BAD_USER_INPUT');
    // Only days are excluded: "gender is not women" would otherwise be answered as "women".
    const notWomen = { operator: 'AND', conditions: [...day('2026-10-24T00:00:00Z', '2026-10-25T00:00:00Z').conditions, { type: 'gender', operator: 'IS_NOT', values: ['FEMALE'] }] };
    const refused = await run({ installationId: ids.paris, metric: 'visitorsIn', filters: notWomen });
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(refused)).toContain('IS_NOT applies to day conditions only, not gender');
  });
});
