import { describe, expect, it } from 'vitest';
import { acmeAndRivalPerFile } from '../../test/acmeAndRivalServer.ts';
import { errorCode } from '../../test/testServer.ts';

const LIST = '{ pins { id title url order target } }';
const ADD = 'mutation($url: String!, $title: String!, $target: String) { addPin(url: $url, title: $title, target: $target) { id title url order target } }';
const UPDATE = 'mutation($id: Int!, $title: String!, $order: Int, $url: String) { updatePin(id: $id, title: $title, order: $order, url: $url) { id title url order } }';
const DELETE = 'mutation($id: Int!) { deletePin(id: $id) }';
const REORDER = 'mutation($ids: [Int!]!) { reorderPins(ids: $ids) { id order } }';

const world = acmeAndRivalPerFile();

const add = (title: string, url: string, token = world.tokens.ana) => world.server.gql(ADD, { title, url }, { token });
const titles = async (token = world.tokens.ana) => ((await world.server.gql(LIST, {}, { token })).data?.pins ?? []).map((p: { title: string }) => p.title);

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
    const r = await world.server.gql(ADD, { title: 'x', url: '/a', target: 'top' }, { token: world.tokens.ana });
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
    expect(await titles()).toEqual(['Counting, last week', 'Alerts']);
  });

  it('renames and moves a pin; the title stays required', async () => {
    const c = (await add('Energy', '/sites/3/energy')).data!.addPin;
    const moved = await world.server.gql(UPDATE, { id: c.id, title: ' Energy today ', order: 0 }, { token: world.tokens.ana });
    expect(moved.data?.updatePin).toMatchObject({ title: 'Energy today', order: 0 });
    expect(await titles()).toEqual(['Energy today', 'Counting, last week', 'Alerts']);
    expect(errorCode(await world.server.gql(UPDATE, { id: c.id, title: '' }, { token: world.tokens.ana }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await world.server.gql(UPDATE, { id: c.id, title: 'x', url: 'http://x.test/' }, { token: world.tokens.ana }))).toBe('BAD_USER_INPUT');
  });

  it('reorders the caller’s pins and keeps the order across calls', async () => {
    const ids = (await world.server.gql(LIST, {}, { token: world.tokens.ana })).data!.pins.map((p: { id: number }) => p.id);
    const r = await world.server.gql(REORDER, { ids: [ids[2], ids[0], ids[1]] }, { token: world.tokens.ana });
    expect(r.data?.reorderPins).toEqual([
      { id: ids[2], order: 0 },
      { id: ids[0], order: 1 },
      { id: ids[1], order: 2 },
    ]);
    expect(await titles()).toEqual(['Alerts', 'Energy today', 'Counting, last week']);
    expect(errorCode(await world.server.gql(REORDER, { ids: [ids[0], ids[0]] }, { token: world.tokens.ana }))).toBe('BAD_USER_INPUT');
  });

  it("keeps each user's pins private: another user's pin answers NOT_FOUND", async () => {
    const pin = (await world.server.gql(LIST, {}, { token: world.tokens.ana })).data!.pins[0];
    expect(await titles(world.tokens.ben)).toEqual([]);
    expect(await titles(world.tokens.rival)).toEqual([]);
    for (const token of [world.tokens.ben, world.tokens.rival]) {
      expect(errorCode(await world.server.gql(DELETE, { id: pin.id }, { token }))).toBe('NOT_FOUND');
      expect(errorCode(await world.server.gql(UPDATE, { id: pin.id, title: 'Mine now' }, { token }))).toBe('NOT_FOUND');
      expect(errorCode(await world.server.gql(REORDER, { ids: [pin.id] }, { token }))).toBe('NOT_FOUND');
    }
    expect(await titles()).toContain(pin.title);
    expect(errorCode(await world.server.gql(LIST))).toBe('UNAUTHENTICATED');
  });

  it('deletes a pin', async () => {
    const pin = (await world.server.gql(LIST, {}, { token: world.tokens.ana })).data!.pins[0];
    expect((await world.server.gql(DELETE, { id: pin.id }, { token: world.tokens.ana })).data?.deletePin).toBe(pin.id);
    expect(await titles()).toEqual(['Energy today', 'Counting, last week']);
    expect(errorCode(await world.server.gql(DELETE, { id: pin.id }, { token: world.tokens.ana }))).toBe('NOT_FOUND');
  });
});
