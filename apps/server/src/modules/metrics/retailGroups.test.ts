import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { tagCategories, tags, zoneTags, zones } from '../../composition/tables.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';
import { type ReadingRow, writeReadings } from './write/readings.write.ts';

/**
 * Over GraphQL: a group-by other than date without a granularity answers one value per group over
 * the whole range (issue #3), and tag categories combine by AND (issue #4).
 */
const QUERY = `query($input: RetailDataInput!) { retailData(input: $input) { unit series { key label points { t value } } } }`;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
const ids = { site: 0, top: 0, checkout: 0, stock: 0, cafe: 0, area: 0, trade: 0, front: 0, back: 0, food: 0, fashion: 0, foreign: 0 };
/** 5 May 2026, a UTC site's business day. */
const may5 = { type: 'date', dateBegin: '2026-05-05T00:00:00Z', dateEnd: '2026-05-06T00:00:00Z' };

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
  const { site, top, child } = await createSite(database, org.id, { timezone: 'UTC' });
  const [stock, cafe] = await database.db
    .insert(zones)
    .values([
      { installationId: site.id, name: 'Stock', parentId: top.id },
      { installationId: site.id, name: 'Cafe', parentId: top.id },
    ])
    .returning();
  // Area: Front (checkout, cafe), Back (stock). Trade: Food (cafe, stock), Fashion (checkout).
  const [area, trade] = await database.db
    .insert(tagCategories)
    .values([
      { organizationId: org.id, name: 'Area' },
      { organizationId: org.id, name: 'Trade' },
    ])
    .returning();
  const [front, back, food, fashion] = await database.db
    .insert(tags)
    .values([
      { organizationId: org.id, categoryId: area!.id, name: 'Front' },
      { organizationId: org.id, categoryId: area!.id, name: 'Back' },
      { organizationId: org.id, categoryId: trade!.id, name: 'Food' },
      { organizationId: org.id, categoryId: trade!.id, name: 'Fashion' },
    ])
    .returning();
  await database.db.insert(zoneTags).values([
    { zoneId: child.id, tagId: front!.id },
    { zoneId: cafe!.id, tagId: front!.id },
    { zoneId: stock!.id, tagId: back!.id },
    { zoneId: cafe!.id, tagId: food!.id },
    { zoneId: stock!.id, tagId: food!.id },
    { zoneId: child.id, tagId: fashion!.id },
  ]);
  const other = await createOrganization(database, 'Other');
  const [otherCategory] = await database.db.insert(tagCategories).values({ organizationId: other.id, name: 'Theirs' }).returning();
  const [foreign] = await database.db.insert(tags).values({ organizationId: other.id, categoryId: otherCategory!.id, name: 'Theirs' }).returning();
  Object.assign(ids, {
    site: site.id,
    top: top.id,
    checkout: child.id,
    stock: stock!.id,
    cafe: cafe!.id,
    area: area!.id,
    trade: trade!.id,
    front: front!.id,
    back: back!.id,
    food: food!.id,
    fashion: fashion!.id,
    foreign: foreign!.id,
  });

  // 5 May, 08:00 to 12:00, every quarter hour i = 0..15: the checkout counts i visitors, the stock
  // 2i, the cafe 100 + i; the checkout's temperature is 20 + i / 10. On 4 May the checkout counts 5
  // every quarter hour of the same hours (80 in all), for the evolution.
  const rows: ReadingRow[] = [];
  const at = (day: number, i: number) => new Date(Date.UTC(2026, 4, day, 8) + i * 900_000);
  for (let i = 0; i < 16; i++) {
    const zone = (targetId: number, metric: string, value: number, day = 5): ReadingRow => ({ organizationId: org.id, targetKind: 'zone', targetId, metric, ts: at(day, i), value });
    rows.push(zone(child.id, 'visitorsIn', i), zone(stock!.id, 'visitorsIn', 2 * i), zone(cafe!.id, 'visitorsIn', 100 + i));
    rows.push(zone(child.id, 'temperature', 20 + i / 10), zone(child.id, 'visitorsIn', 5, 4));
  }
  await writeReadings(database, rows);
  server = await startTestServer(database);
  token = await server.signIn('ops@acme.test');
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const run = (input: Record<string, unknown>, conditions: object[] = [may5]) =>
  server.gql(QUERY, { input: { installationId: ids.site, filters: { operator: 'AND', conditions }, ...input } }, { token });

type Answer = Awaited<ReturnType<typeof run>>;
/** label -> [t, value] of each point. */
const points = (r: Answer) => {
  expect(r.errors).toBeUndefined();
  return Object.fromEntries(
    (r.data?.retailData.series ?? []).map((s: { label: string; points: Array<{ t: string | null; value: number | null }> }) => [s.label, s.points.map((p) => [p.t, p.value])]),
  );
};
/** label -> its one value, failing when a series has more than one point or a time. */
const oneValueEach = (r: Answer) =>
  Object.fromEntries(
    Object.entries(points(r)).map(([label, list]) => {
      expect(list, label).toHaveLength(1);
      expect(list[0]![0], label).toBeNull();
      return [label, list[0]![1]];
    }),
  );

const threeZones = () => ({ kind: 'zone', ids: [ids.checkout, ids.stock, ids.cafe] });

describe('a group-by without a granularity', () => {
  it.each([
    // Checkout 0..15, stock 0..30 by 2, cafe 100..115, over the whole day.
    ['sum', { Checkout: 120, Stock: 240, Cafe: 1720 }],
    ['avg', { Checkout: 7.5, Stock: 15, Cafe: 107.5 }],
    ['average', { Checkout: 7.5, Stock: 15, Cafe: 107.5 }],
    ['median', { Checkout: 7.5, Stock: 15, Cafe: 107.5 }],
    ['p25', { Checkout: 3.75, Stock: 7.5, Cafe: 103.75 }],
    ['min', { Checkout: 0, Stock: 0, Cafe: 100 }],
    ['max', { Checkout: 15, Stock: 30, Cafe: 115 }],
    ['count', { Checkout: 16, Stock: 16, Cafe: 16 }],
    ['first', { Checkout: 0, Stock: 0, Cafe: 100 }],
    ['last', { Checkout: 15, Stock: 30, Cafe: 115 }],
    ['percentage', { Checkout: (120 / 2080) * 100, Stock: (240 / 2080) * 100, Cafe: (1720 / 2080) * 100 }],
  ])('answers one %s per zone over the range', async (aggregation, expected) => {
    const r = await run({ metric: 'visitorsIn', target: threeZones(), groupBy: { type: 'zone', aggregation } });
    const got = oneValueEach(r);
    expect(Object.keys(got)).toEqual(Object.keys(expected));
    for (const [label, value] of Object.entries(expected)) expect(got[label], label).toBeCloseTo(value, 9);
  });

  it('answers the same from raw readings when the range is not on whole hours', async () => {
    const r = await run({ metric: 'visitorsIn', target: threeZones(), groupBy: { type: 'zoneId', aggregation: 'avg' } }, [
      { type: 'date', dateBegin: '2026-05-05T07:59:30Z', dateEnd: '2026-05-05T12:00:00Z' },
    ]);
    expect(oneValueEach(r)).toEqual({ Checkout: 7.5, Stock: 15, Cafe: 107.5 });
  });

  it('reads medians of a sampled metric over whole days from the day values, and over hours from raw readings', async () => {
    const median = (conditions: object[]) => run({ metric: 'temperature', target: { kind: 'zone', ids: [ids.checkout] }, groupBy: { type: 'zone', aggregation: 'median' } }, conditions);
    expect(oneValueEach(await median([may5])).Checkout).toBeCloseTo(20.75, 9);
    const lateMorning = [{ type: 'date', dateBegin: '2026-05-05T10:00:00Z', dateEnd: '2026-05-05T12:00:00Z' }];
    // i = 8..15: 20.8 .. 21.5, median 21.15.
    expect(oneValueEach(await median(lateMorning)).Checkout).toBeCloseTo(21.15, 9);
  });

  it('compares each group with the previous period as one evolution', async () => {
    const r = await run({ metric: 'visitorsIn', target: { kind: 'zone', ids: [ids.checkout] }, groupBy: { type: 'zone', aggregation: 'evolution' } });
    expect(r.data?.retailData.unit).toBe('%');
    // 120 visitors against 80 the day before.
    expect(oneValueEach(r).Checkout).toBeCloseTo(50, 9);
  });

  it('keeps the tags of the group-by when comparing with the previous period, and answers inside once per zone', async () => {
    const r = await run({ metric: 'visitorsIn', groupBy: { type: 'tagCategory', tagId: ids.trade, aggregation: 'evolution' } });
    // Fashion (the checkout): 120 against 80; Food had no visitors the day before: no evolution.
    expect(oneValueEach(r)).toEqual({ Food: null, Fashion: expect.closeTo(50, 9) });
    const inside = await run({ metric: 'inside', target: threeZones(), groupBy: { type: 'zone' } });
    // Entries without exits over the range.
    expect(oneValueEach(inside)).toEqual({ Checkout: 120, Stock: 240, Cafe: 1720 });
  });

  it('splits by tag with one value per tag, and still answers buckets when a granularity is asked', async () => {
    const perTag = await run({ metric: 'visitorsIn', groupBy: { type: 'tagCategory', tagId: ids.trade, aggregation: 'sum' } });
    expect(oneValueEach(perTag)).toEqual({ Food: 240 + 1720, Fashion: 120 });
    const hourly = await run({ metric: 'visitorsIn', target: threeZones(), groupBy: { type: 'zone', aggregation: 'sum', granularity: 3600 } });
    expect(points(hourly).Checkout).toEqual([
      ['2026-05-05T08:00:00.000Z', 0 + 1 + 2 + 3],
      ['2026-05-05T09:00:00.000Z', 4 + 5 + 6 + 7],
      ['2026-05-05T10:00:00.000Z', 8 + 9 + 10 + 11],
      ['2026-05-05T11:00:00.000Z', 12 + 13 + 14 + 15],
    ]);
    // A date group-by keeps its hours by default.
    const byDate = await run({ metric: 'visitorsIn', target: { kind: 'zone', ids: [ids.checkout] }, groupBy: { type: 'date', aggregation: 'sum' } });
    expect(points(byDate).all).toHaveLength(4);
  });
});

describe('tag categories', () => {
  const visitors = async (...conditions: object[]) => {
    const r = await run({ metric: 'visitorsIn', groupBy: { type: 'all', aggregation: 'sum' } }, [may5, ...conditions]);
    expect(r.errors).toBeUndefined();
    return r.data?.retailData.series[0]?.points[0]?.value ?? null;
  };
  const category = (...tagIds: number[]) => ({ type: 'category', values: tagIds.map(String) });

  it('combine by AND across categories and by OR inside one', async () => {
    // One tag: every zone carrying it.
    expect(await visitors(category(ids.front))).toBe(120 + 1720);
    // Front (Area) and Food (Trade): only the cafe carries both.
    expect(await visitors(category(ids.front, ids.food))).toBe(1720);
    // Front or Back (Area), and Food (Trade): the cafe and the stock.
    expect(await visitors(category(ids.front, ids.back, ids.food))).toBe(1720 + 240);
    // Front and Fashion: the checkout.
    expect(await visitors(category(ids.front, ids.fashion))).toBe(120);
    // Back and Fashion: no zone carries both.
    expect(await visitors(category(ids.back, ids.fashion))).toBeNull();
  });

  it('combine several conditions by AND, like every filter condition', async () => {
    expect(await visitors(category(ids.front), category(ids.food))).toBe(1720);
    expect(await visitors(category(ids.front), category(ids.back))).toBeNull();
  });

  it('keep only the requested zones that pass, and split the kept zones per tag', async () => {
    const perZone = await run({ metric: 'visitorsIn', target: threeZones(), groupBy: { type: 'zone', aggregation: 'sum' } }, [may5, category(ids.front, ids.food)]);
    expect(oneValueEach(perZone)).toEqual({ Cafe: 1720 });
    const perArea = await run({ metric: 'visitorsIn', groupBy: { type: 'tagCategory', tagId: ids.area, aggregation: 'sum' } }, [may5, category(ids.food)]);
    expect(oneValueEach(perArea)).toEqual({ Front: 1720, Back: 240 });
  });

  it('refuse tags of another organization', async () => {
    const r = await run({ metric: 'visitorsIn', groupBy: { type: 'all' } }, [may5, category(ids.front, ids.foreign)]);
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
  });
});
