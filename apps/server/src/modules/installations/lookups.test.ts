import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { devices, events, tagCategories, tags, zoneTags, zones } from '../../composition/tables.ts';
import { createAcmeAndRival, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
let rivalToken = '';
type Site = Awaited<ReturnType<typeof createSite>>;
let mine: Site;
let second: Site;
let theirs: Site;
const ids = { tag: 0, rivalTag: 0, sensor: 0, pad: 0, rivalEvent: 0, events: [] as number[] };

async function addTag(organizationId: number, name: string) {
  const [category] = await database.db.insert(tagCategories).values({ organizationId, name: 'Region' }).returning();
  const [tag] = await database.db.insert(tags).values({ organizationId, categoryId: category!.id, name }).returning();
  return tag!.id;
}

async function addEvent(installationId: number, name: string, day: number) {
  const [e] = await database.db
    .insert(events)
    .values({ installationId, name, metrics: ['counting'], neverEnding: false, dateBegin: new Date(Date.UTC(2026, 0, day)), dateEnd: new Date(Date.UTC(2026, 0, day + 2)) })
    .returning();
  return e!.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const { org, rival } = await createAcmeAndRival(database);
  await createUser(database, { email: 'staff@acme.test', organizationIds: [org.id] });
  await createUser(database, { email: 'staff@rival.test', organizationIds: [rival.id] });
  mine = await createSite(database, org.id, { name: 'Lyon store' });
  second = await createSite(database, org.id, { name: 'London store' });
  theirs = await createSite(database, rival.id, { name: 'Rival store' });
  ids.tag = await addTag(org.id, 'France');
  ids.rivalTag = await addTag(rival.id, 'Spain');
  await database.db.insert(zoneTags).values([
    { zoneId: mine.top.id, tagId: ids.tag },
    { zoneId: mine.child.id, tagId: ids.tag },
    { zoneId: theirs.top.id, tagId: ids.rivalTag },
  ]);
  const [sensor] = await database.db.insert(devices).values({ installationId: mine.site.id, zoneId: mine.child.id, name: 'Air sensor', kind: 'atmosphere' }).returning();
  const [pad] = await database.db
    .insert(devices)
    .values({ installationId: mine.site.id, zoneId: mine.top.id, passageId: mine.door.id, name: 'Door pad', kind: 'pad' })
    .returning();
  ids.sensor = sensor!.id;
  ids.pad = pad!.id;
  ids.events = [await addEvent(mine.site.id, 'Footfall', 1), await addEvent(mine.site.id, 'Sales', 10), await addEvent(second.site.id, 'Opening', 5)];
  ids.rivalEvent = await addEvent(theirs.site.id, 'Rival event', 3);
  server = await startTestServer(database);
  token = await server.signIn('staff@acme.test');
  rivalToken = await server.signIn('staff@rival.test');
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const ZONE = 'id name installationId parentIds childIds sensorId tagIds isDisabled isDeleted';

describe('zone lookups', () => {
  it('zonesByIds gives relations, derived sensor and tags, and refuses another organization’s zones as not found', async () => {
    for (const foreign of [theirs.top.id, 999999]) {
      const refused = await server.gql(`query($z:[Int!]!){ zonesByIds(zoneIds:$z){ ${ZONE} } }`, { z: [mine.top.id, foreign] }, { token });
      expect(errorCode(refused)).toBe('NOT_FOUND');
      expect(refused.data ?? null).toBeNull();
    }
    const r = await server.gql(`query($z:[Int!]!){ zonesByIds(zoneIds:$z){ ${ZONE} } }`, { z: [mine.top.id, mine.child.id] }, { token });
    expect(r.data?.zonesByIds).toEqual([
      { id: mine.top.id, name: 'Whole store', installationId: mine.site.id, parentIds: [], childIds: [mine.child.id], sensorId: null, tagIds: [ids.tag], isDisabled: false, isDeleted: false },
      { id: mine.child.id, name: 'Checkout', installationId: mine.site.id, parentIds: [mine.top.id], childIds: [], sensorId: ids.sensor, tagIds: [ids.tag], isDisabled: false, isDeleted: false },
    ]);
  });

  it('zonesByInstallation, read in one statement, answers as zonesByIds does for the same zones; another organization’s site is not found', async () => {
    // A deleted and a disabled zone, a zone with two air sensors (the first by id is its sensor) and a pad.
    const [aisle] = await database.db.insert(zones).values({ installationId: mine.site.id, name: 'Aisle', parentId: mine.top.id, isDisabled: true, areaM2: 40 }).returning();
    const [gone] = await database.db.insert(zones).values({ installationId: mine.site.id, name: 'Old stock', parentId: aisle!.id, deletedAt: new Date('2026-02-01T00:00:00Z') }).returning();
    const added = await database.db.insert(devices).values([
      { installationId: mine.site.id, zoneId: aisle!.id, name: 'Air B', kind: 'atmosphere' },
      { installationId: mine.site.id, zoneId: aisle!.id, name: 'Air C', kind: 'atmosphere' },
      { installationId: mine.site.id, zoneId: aisle!.id, name: 'Aisle pad', kind: 'pad' },
    ]).returning();
    await database.db.insert(zoneTags).values({ zoneId: aisle!.id, tagId: ids.tag });
    try {
      const fields = `${ZONE} areaM2`;
      const all = await server.gql(`query($i:Int!){ zonesByInstallation(installationId:$i){ ${fields} } }`, { i: mine.site.id }, { token });
      const ids4 = [mine.top.id, mine.child.id, aisle!.id, gone!.id];
      const oracle = await server.gql(`query($z:[Int!]!){ zonesByIds(zoneIds:$z){ ${fields} } }`, { z: ids4 }, { token });
      expect(all.errors).toBeUndefined();
      expect(all.data?.zonesByInstallation).toEqual(oracle.data?.zonesByIds);
      expect(all.data?.zonesByInstallation.map((z: { id: number }) => z.id)).toEqual(ids4);
      const aisleView = all.data?.zonesByInstallation[2];
      expect(aisleView).toMatchObject({ parentIds: [mine.top.id], childIds: [gone!.id], isDisabled: true, tagIds: [ids.tag], areaM2: 40 });
      expect(aisleView.sensorId).toBeGreaterThan(ids.sensor);
      expect(all.data?.zonesByInstallation[3]).toMatchObject({ isDeleted: true, parentIds: [aisle!.id] });
      for (const site of [theirs.site.id, 999999]) {
        const refused = await server.gql(`query($i:Int!){ zonesByInstallation(installationId:$i){ id } }`, { i: site }, { token });
        expect(errorCode(refused)).toBe('NOT_FOUND');
      }
    } finally {
      await database.db.delete(devices).where(inArray(devices.id, added.map((d) => d.id)));
      await database.db.delete(zones).where(inArray(zones.id, [gone!.id, aisle!.id]));
    }
  });

  it('installationById gives its events’ metric families once each, sorted; another organization’s site is not found', async () => {
    const extra = await database.db
      .insert(events)
      .values({ installationId: mine.site.id, name: 'Air and sales', metrics: ['sales', 'atmosphere', 'counting'], neverEnding: true, dateBegin: new Date(Date.UTC(2026, 1, 1)) })
      .returning();
    try {
      const q = 'query($i:Int!){ installationById(installationId:$i){ id name families zones { id } } }';
      const r = await server.gql(q, { i: mine.site.id }, { token });
      expect(r.data?.installationById).toEqual({ id: mine.site.id, name: 'Lyon store', families: ['atmosphere', 'counting', 'sales'], zones: [{ id: mine.top.id }, { id: mine.child.id }] });
      // Through the list, the field reads them itself: the same answer.
      const listed = await server.gql('{ allInstallations { id families } }', {}, { token });
      expect(listed.data?.allInstallations.find((i: { id: number }) => i.id === mine.site.id)?.families).toEqual(['atmosphere', 'counting', 'sales']);
      expect((await server.gql(q, { i: second.site.id }, { token })).data?.installationById.families).toEqual(['counting']);
      for (const site of [theirs.site.id, 999999]) expect(errorCode(await server.gql(q, { i: site }, { token }))).toBe('NOT_FOUND');
    } finally {
      await database.db.delete(events).where(eq(events.id, extra[0]!.id));
    }
  });

  it('zonesByTags finds tagged zones of the caller only', async () => {
    const r = await server.gql('query($t:[Int!]!){ zonesByTags(tagIds:$t){ id } }', { t: [ids.tag] }, { token });
    expect(r.data?.zonesByTags.map((z: { id: number }) => z.id)).toEqual([mine.top.id, mine.child.id]);
    expect(errorCode(await server.gql('query($t:[Int!]!){ zonesByTags(tagIds:$t){ id } }', { t: [ids.tag, ids.rivalTag] }, { token }))).toBe('NOT_FOUND');
    const rival = await server.gql('query($t:[Int!]!){ zonesByTags(tagIds:$t){ id } }', { t: [ids.tag] }, { token: rivalToken });
    expect(errorCode(rival)).toBe('NOT_FOUND');
  });

  it('topZonesWithTags and sites list one top zone per site of the organization', async () => {
    const all = await server.gql('{ topZonesWithTags { id tagIds } sites { id name installationId } }', {}, { token });
    expect(all.data?.topZonesWithTags).toEqual([
      { id: mine.top.id, tagIds: [ids.tag] },
      { id: second.top.id, tagIds: [] },
    ]);
    expect(all.data?.sites.map((z: { installationId: number }) => z.installationId)).toEqual([mine.site.id, second.site.id]);
    const tagged = await server.gql('query($t:[Int!]){ topZonesWithTags(tagIds:$t){ id } }', { t: [ids.tag] }, { token });
    expect(tagged.data?.topZonesWithTags).toEqual([{ id: mine.top.id }]);
    const rival = await server.gql('{ sites { id } }', {}, { token: rivalToken });
    expect(rival.data?.sites).toEqual([{ id: theirs.top.id }]);
  });

  it('refuses an anonymous caller', async () => {
    expect(errorCode(await server.gql('{ sites { id } }'))).toBe('UNAUTHENTICATED');
  });
});

describe('passages, devices and tags', () => {
  it('passagesByIds refuses another organization’s passages as not found', async () => {
    const refused = await server.gql('query($p:[Int!]!){ passagesByIds(passageIds:$p){ id name installationId } }', { p: [mine.door.id, theirs.door.id] }, { token });
    expect(errorCode(refused)).toBe('NOT_FOUND');
    const r = await server.gql('query($p:[Int!]!){ passagesByIds(passageIds:$p){ id name installationId } }', { p: [mine.door.id] }, { token });
    expect(r.data?.passagesByIds).toEqual([{ id: mine.door.id, name: 'Main door', installationId: mine.site.id }]);
  });

  it('lists air sensors and counting pads of a site with their zone', async () => {
    const q = 'query($i:Int!){ devicesAtmosphereByInstallation(installationId:$i){ id name zone { id } } padsByInstallation(installationId:$i){ id passageId zone { id } } }';
    const r = await server.gql(q, { i: mine.site.id }, { token });
    expect(r.data?.devicesAtmosphereByInstallation).toEqual([{ id: ids.sensor, name: 'Air sensor', zone: { id: mine.child.id } }]);
    expect(r.data?.padsByInstallation).toEqual([{ id: ids.pad, passageId: mine.door.id, zone: { id: mine.top.id } }]);
    expect(errorCode(await server.gql(q, { i: mine.site.id }, { token: rivalToken }))).toBe('NOT_FOUND');
  });

  it('tagsByIds and tagById refuse another organization’s tags as not found', async () => {
    expect(errorCode(await server.gql('query($i:[Int!]!){ tagsByIds(ids:$i){ id } }', { i: [ids.tag, ids.rivalTag] }, { token }))).toBe('NOT_FOUND');
    const list = await server.gql('query($i:[Int!]!){ tagsByIds(ids:$i){ id name organizationId } }', { i: [ids.tag] }, { token });
    expect(list.data?.tagsByIds).toEqual([{ id: ids.tag, name: 'France', organizationId: expect.any(Number) }]);
    const one = await server.gql('query($i:Int!){ tagById(id:$i){ name } }', { i: ids.tag }, { token });
    expect(one.data?.tagById).toEqual({ name: 'France' });
    expect(errorCode(await server.gql('query($i:Int!){ tagById(id:$i){ name } }', { i: ids.rivalTag }, { token }))).toBe('NOT_FOUND');
  });
});

describe('events', () => {
  it('allEvents and allEventsByInstallation stay in the organization', async () => {
    const all = await server.gql('{ allEvents { id label installationId metrics neverEnding dateBegin dateEnd } }', {}, { token });
    expect(all.data?.allEvents.map((e: { id: number }) => e.id)).toEqual(ids.events);
    expect(all.data?.allEvents[0]).toEqual({
      id: ids.events[0],
      label: 'Footfall',
      installationId: mine.site.id,
      metrics: ['counting'],
      neverEnding: false,
      dateBegin: '2026-01-01T00:00:00.000Z',
      dateEnd: '2026-01-03T00:00:00.000Z',
    });
    const bySite = await server.gql('query($i:Int!){ allEventsByInstallation(installationId:$i){ name } }', { i: second.site.id }, { token });
    expect(bySite.data?.allEventsByInstallation).toEqual([{ name: 'Opening' }]);
    const refused = await server.gql('query($i:Int!){ allEventsByInstallation(installationId:$i){ name } }', { i: theirs.site.id }, { token });
    expect(errorCode(refused)).toBe('NOT_FOUND');
  });

  it('eventConnection pages with cursors and never shows another organization’s events', async () => {
    const q = 'query($f:Int,$a:String,$i:Int){ eventConnection(first:$f, after:$a, installationId:$i){ edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }';
    const first = await server.gql(q, { f: 2 }, { token });
    const page1 = first.data?.eventConnection;
    expect(page1.edges.map((e: { node: { id: number } }) => e.node.id)).toEqual(ids.events.slice(0, 2));
    expect(page1.pageInfo).toEqual({ hasNextPage: true, endCursor: page1.edges[1].cursor });
    const next = await server.gql(q, { f: 2, a: page1.pageInfo.endCursor }, { token });
    expect(next.data?.eventConnection.edges.map((e: { node: { id: number } }) => e.node.id)).toEqual([ids.events[2]]);
    expect(next.data?.eventConnection.pageInfo.hasNextPage).toBe(false);
    const oneSite = await server.gql(q, { i: mine.site.id }, { token });
    expect(oneSite.data?.eventConnection.edges).toHaveLength(2);
    expect(errorCode(await server.gql(q, { i: theirs.site.id }, { token }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(q, { a: 'not-a-cursor' }, { token }))).toBe('BAD_USER_INPUT');
    const rival = await server.gql(q, {}, { token: rivalToken });
    expect(rival.data?.eventConnection.edges.map((e: { node: { id: number } }) => e.node.id)).toEqual([ids.rivalEvent]);
  });
});
