import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createAcmeAndRival, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

const LIST = '{ pins { id title url order target } }';
const ADD = 'mutation($url: String!, $title: String!, $target: String) { addPin(url: $url, title: $title, target: $target) { id title url order target } }';
const UPDATE = 'mutation($id: Int!, $title: String!, $order: Int, $url: String) { updatePin(id: $id, title: $title, order: $order, url: $url) { id title url order } }';
const DELETE = 'mutation($id: Int!) { deletePin(id: $id) }';
const REORDER = 'mutation($ids: [Int!]!) { reorderPins(ids: $ids) { id order } }';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let tokens: Record<'ana' | 'ben' | 'rival', string>;

beforeAll(async () => {
  database = await openTestDatabase();
  const { org, rival } = await createAcmeAndRival(database);
  await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id] });
  await createUser(database, { email: 'ben@acme.test', organizationIds: [org.id] });
  await createUser(database, { email: 'eve@rival.test', organizationIds: [rival.id] });
  server = await startTestServer(database);
  tokens = await server.signInAll({ ana: 'ana@acme.test', ben: 'ben@acme.test', rival: 'eve@rival.test' });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const add = (title: string, url: string, token = tokens.ana) => server.gql(ADD, { title, url }, { token });
const titles = async (token = tokens.ana) => ((await server.gql(LIST, {}, { token })).data?.pins ?? []).map((p: { title: string }) => p.title);

describe('pins', () => {
  it('adds pages with their filters, in order, trimmed', async () => {
    const a = await add('  Counting, last week ', '/sites/3/counting?timespan=last7Days&zone=12');
    expect(a.data?.addPin).toMatchObject({ title: 'Counting, last week', url: '/sites/3/counting?timespan=last7Days&zone=12', order: 0, target: null });
    const b = await add('Alerts', '/alerts');
    expect(b.data?.addPin.order).toBe(1);
    expect(await titles()).toEqual(['Counting, last week', 'Alerts']);
  });

  it('refuses a blank title and any URL outside the app', async () => {
    const blank = await add('   ', '/alerts');
    expect([errorCode(blank), blank.errors?.[0]?.extensions?.field]).toEqual(['BAD_USER_INPUT', 'title']);
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 'alerts']) {
      const r = await add('Bad', url);
      expect([errorCode(r), r.errors?.[0]?.extensions?.field]).toEqual(['BAD_USER_INPUT', 'url']);
    }
    const r = await server.gql(ADD, { title: 'x', url: '/a', target: 'top' }, { token: tokens.ana });
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
    expect(await titles()).toEqual(['Counting, last week', 'Alerts']);
  });

  it('renames and moves a pin; the title stays required', async () => {
    const c = (await add('Energy', '/sites/3/energy')).data!.addPin;
    const moved = await server.gql(UPDATE, { id: c.id, title: ' Energy today ', order: 0 }, { token: tokens.ana });
    expect(moved.data?.updatePin).toMatchObject({ title: 'Energy today', order: 0 });
    expect(await titles()).toEqual(['Energy today', 'Counting, last week', 'Alerts']);
    expect(errorCode(await server.gql(UPDATE, { id: c.id, title: '' }, { token: tokens.ana }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await server.gql(UPDATE, { id: c.id, title: 'x', url: 'http://x.test/' }, { token: tokens.ana }))).toBe('BAD_USER_INPUT');
  });

  it('reorders the caller’s pins and keeps the order across calls', async () => {
    const ids = (await server.gql(LIST, {}, { token: tokens.ana })).data!.pins.map((p: { id: number }) => p.id);
    const r = await server.gql(REORDER, { ids: [ids[2], ids[0], ids[1]] }, { token: tokens.ana });
    expect(r.data?.reorderPins).toEqual([
      { id: ids[2], order: 0 },
      { id: ids[0], order: 1 },
      { id: ids[1], order: 2 },
    ]);
    expect(await titles()).toEqual(['Alerts', 'Energy today', 'Counting, last week']);
    expect(errorCode(await server.gql(REORDER, { ids: [ids[0], ids[0]] }, { token: tokens.ana }))).toBe('BAD_USER_INPUT');
  });

  it("keeps each user's pins private: another user's pin answers NOT_FOUND", async () => {
    const pin = (await server.gql(LIST, {}, { token: tokens.ana })).data!.pins[0];
    expect(await titles(tokens.ben)).toEqual([]);
    expect(await titles(tokens.rival)).toEqual([]);
    for (const token of [tokens.ben, tokens.rival]) {
      expect(errorCode(await server.gql(DELETE, { id: pin.id }, { token }))).toBe('NOT_FOUND');
      expect(errorCode(await server.gql(UPDATE, { id: pin.id, title: 'Mine now' }, { token }))).toBe('NOT_FOUND');
      expect(errorCode(await server.gql(REORDER, { ids: [pin.id] }, { token }))).toBe('NOT_FOUND');
    }
    expect(await titles()).toContain(pin.title);
    expect(errorCode(await server.gql(LIST))).toBe('UNAUTHENTICATED');
  });

  it('deletes a pin', async () => {
    const pin = (await server.gql(LIST, {}, { token: tokens.ana })).data!.pins[0];
    expect((await server.gql(DELETE, { id: pin.id }, { token: tokens.ana })).data?.deletePin).toBe(pin.id);
    expect(await titles()).toEqual(['Energy today', 'Counting, last week']);
    expect(errorCode(await server.gql(DELETE, { id: pin.id }, { token: tokens.ana }))).toBe('NOT_FOUND');
  });
});
