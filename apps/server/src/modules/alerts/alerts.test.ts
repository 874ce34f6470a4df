import { eq } from 'drizzle-orm';
import { windowsOfWeekly } from '@sitelens/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { devices, events, users, zones } from '../../composition/tables.ts';
import { createOrganization, createProfile, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let tokens: Record<'admin' | 'reader' | 'none' | 'creator' | 'rival', string>;
const ids = { org: 0, rivalOrg: 0, site: 0, zone: 0, child: 0, rivalSite: 0, rivalZone: 0, sensor: 0, pad: 0, admin: 0, reader: 0, unverified: 0, rivalUser: 0, none: 0, creator: 0 };

const FIELDS = 'id name title enabled organizationId installationId eventId condition { type value min max zoneId deviceAtmosphereIds padIds maxTrigger } actions { type msgTitle msgContent recipients url } contacts { mails phones } planning { id name mails phones userIds } planningIds schedule { beginDay beginHour endDay endHour } reminderMinutes triggered';
const CREATE = `mutation($input: CreateAlertWithDetailsInput!) { createAlertWithDetails(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($input: UpdateAlertWithDetailsInput!) { updateAlertWithDetails(input: $input) { ${FIELDS} } }`;
const BY_ID = `query($id: Int!) { alertById(alertId: $id) { ${FIELDS} } }`;
const LIST = `query($first: Int, $after: String, $filter: AlertFilterInput, $sort: AlertSort) {
  alertConnection(first: $first, after: $after, filter: $filter, sort: $sort) { count pageInfo { hasNextPage endCursor } nodes { id name enabled } }
}`;
const TOGGLE = 'mutation($id: Int!, $enabled: Boolean!) { updateAlert(id: $id, enabled: $enabled) { id enabled } }';
const DELETE = 'mutation($id: Int!) { deleteAlert(id: $id) }';

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const rival = await createOrganization(database, 'Rival Retail');
  const readOnly = await createProfile(database, org.id, { dashboard: { alert: { read: true } } }, 'Readers');
  const noAlerts = await createProfile(database, org.id, { dashboard: { custom: { read: true } } }, 'No alerts');
  const createOnly = await createProfile(database, org.id, { dashboard: { alert: { create: true } } }, 'Creators');
  const admin = await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
  const reader = await createUser(database, { email: 'reader@acme.test', organizationIds: [org.id], profileId: readOnly.id });
  const none = await createUser(database, { email: 'none@acme.test', organizationIds: [org.id], profileId: noAlerts.id });
  const creator = await createUser(database, { email: 'creator@acme.test', organizationIds: [org.id], profileId: createOnly.id });
  const unverified = await createUser(database, { email: 'new@acme.test', organizationIds: [org.id] });
  const rivalUser = await createUser(database, { email: 'staff@rival.test', organizationIds: [rival.id], role: 'admin' });
  for (const id of [admin.id, reader.id, rivalUser.id, none.id, creator.id]) await database.db.update(users).set({ isEmailVerified: true }).where(eq(users.id, id));
  const site = await createSite(database, org.id);
  const rivalSite = await createSite(database, rival.id);
  const [sensor] = await database.db.insert(devices).values({ installationId: site.site.id, zoneId: site.child.id, name: 'Air checkout', kind: 'atmosphere' }).returning();
  const [pad] = await database.db.insert(devices).values({ installationId: site.site.id, zoneId: site.top.id, passageId: site.door.id, name: 'Door pad', kind: 'pad' }).returning();
  Object.assign(ids, {
    org: org.id, rivalOrg: rival.id, site: site.site.id, zone: site.top.id, child: site.child.id, rivalSite: rivalSite.site.id, rivalZone: rivalSite.top.id,
    sensor: sensor!.id, pad: pad!.id, admin: admin.id, reader: reader.id, unverified: unverified.id, rivalUser: rivalUser.id, none: none.id, creator: creator.id,
  });
  server = await startTestServer(database);
  tokens = await server.signInAll({ admin: 'ops@acme.test', reader: 'reader@acme.test', none: 'none@acme.test', creator: 'creator@acme.test', rival: 'staff@rival.test' });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const co2Alert = (over: Record<string, unknown> = {}) => ({
  name: 'CO2 checkout',
  organizationId: ids.org,
  installationId: ids.site,
  conditionsToAdd: [{ type: 'co2', value: 1000, deviceAtmosphereIds: [ids.sensor], maxTrigger: 0 }],
  actionsToAdd: [{ type: 'email', msgTitle: '', msgContent: '', recipients: [ids.admin, ids.reader] }],
  planningToAdd: { name: 'Night', mails: ['Facility@Example.com'], phones: ['+41 79 123 45 67'], userIds: [] },
  ...over,
});

async function create(over: Record<string, unknown> = {}, token = tokens.admin) {
  return server.gql(CREATE, { input: co2Alert(over) }, { token });
}

describe('createAlertWithDetails and alertById', () => {
  it('keeps one condition, the notifications, the contacts and the schedule as sent', async () => {
    const schedule = [{ beginDay: 1, beginHour: 9, beginMinute: 0, endDay: 1, endHour: 18, endMinute: 0 }];
    const r = await create({ schedule, reminderMinutes: 30 });
    expect(r.errors).toBeUndefined();
    const alert = r.data!.createAlertWithDetails;
    expect(alert).toMatchObject({
      name: 'CO2 checkout', title: 'CO2 checkout', enabled: true, installationId: ids.site, triggered: false, reminderMinutes: 30,
      condition: { type: 'co2', value: 1000, deviceAtmosphereIds: [ids.sensor], maxTrigger: 0 },
      actions: [{ type: 'email', recipients: [ids.admin, ids.reader] }],
      contacts: { mails: ['facility@example.com'], phones: ['+41791234567'] },
      schedule: [{ beginDay: 1, beginHour: 9, endDay: 1, endHour: 18 }],
    });
    expect(alert.planningIds).toEqual([alert.planning.id]);
    const read = await server.gql(BY_ID, { id: alert.id }, { token: tokens.reader });
    expect(read.data?.alertById).toEqual(alert);
  });

  it('keeps custom weekly windows: several days, a night that ends the next day, an end at midnight', async () => {
    const schedule = windowsOfWeekly([
      { days: [1, 2, 3, 4, 5], from: '07:30', to: '12:00' },
      { days: [7], from: '22:00', to: '06:00' },
      { days: [6], from: '14:00', to: '24:00' },
    ]).map(({ reset: _reset, ...w }) => w);
    const r = await create({ schedule });
    expect(r.errors).toBeUndefined();
    const read = await server.gql('query($id: Int!) { alertById(alertId: $id) { schedule { beginDay beginHour beginMinute endDay endHour endMinute } } }', { id: r.data!.createAlertWithDetails.id }, { token: tokens.admin });
    expect(read.data!.alertById.schedule).toEqual(schedule);
    expect(schedule.find((w) => w.beginDay === 7)).toMatchObject({ endDay: 1, endHour: 6 });
  });

  it('saves a notification without chosen recipients when a contact or a planning user of its channel stands for them', async () => {
    expect((await create({ actionsToAdd: [{ type: 'email', recipients: [] }] })).errors).toBeUndefined();
    expect((await create({ actionsToAdd: [{ type: 'push', recipients: [] }], planningToAdd: { name: 'Night', mails: [], phones: [], userIds: [ids.admin] } })).errors).toBeUndefined();
    expect((await create({ conditionsToAdd: [{ type: 'flux', direction: 'in', value: 0, zoneId: ids.zone }] })).errors).toBeUndefined();
  });

  it('saves a density once its zone has a floor area', async () => {
    const density = { conditionsToAdd: [{ type: 'density', value: 0.5, zoneId: ids.child }] };
    expect((await create(density)).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'condition.zoneId', reason: 'noFloorArea' });
    await database.db.update(zones).set({ areaM2: 42 }).where(eq(zones.id, ids.child));
    expect((await create(density)).errors).toBeUndefined();
  });

  it('refuses without the create right, and reading without the read right', async () => {
    expect(errorCode(await create({}, tokens.reader))).toBe('FORBIDDEN');
    expect(errorCode(await create({}, tokens.none))).toBe('FORBIDDEN');
    const made = await create({ name: 'Made by a creator' }, tokens.creator);
    expect(made.errors).toBeUndefined();
    expect(errorCode(await server.gql(BY_ID, { id: made.data!.createAlertWithDetails.id }, { token: tokens.creator }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(LIST, {}, { token: tokens.none }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(LIST, {}, {}))).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['a site of another organization', { installationId: -1 }],
    ['the organization of another', { organizationId: -2 }],
    ['a zone of another organization', { conditionsToAdd: [{ type: 'density', value: 1, zoneId: -3 }] }],
    ['a sensor of another site', { conditionsToAdd: [{ type: 'co2', value: 1000, deviceAtmosphereIds: [-4] }] }],
    ['a recipient of another organization', { actionsToAdd: [{ type: 'email', recipients: [-5] }] }],
    ['a planning user of another organization', { planningToAdd: { userIds: [-5] } }],
  ])('answers NOT_FOUND for %s', async (_name, over) => {
    const swap = JSON.parse(JSON.stringify(over).replace('-1', String(ids.rivalSite)).replace('-2', String(ids.rivalOrg)).replace('-3', String(ids.rivalZone)).replace('-4', String(ids.pad)).replace('-5', String(ids.rivalUser)));
    expect(errorCode(await create(swap))).toBe('NOT_FOUND');
  });

  it.each([
    ['two conditions', { conditionsToAdd: [{ type: 'co2', value: 1, zoneId: 0 }, { type: 'co2', value: 2, zoneId: 0 }] }, 'conditions', 'exactlyOne'],
    ['six notifications', { actionsToAdd: Array.from({ length: 6 }, () => ({ type: 'push', recipients: [] })) }, 'actions', 'tooMany'],
    ['an unknown condition', { conditionsToAdd: [{ type: 'noise', value: 1 }] }, 'condition.type', 'unknown'],
    ['an e-mail to an unverified address', { actionsToAdd: [{ type: 'email', recipients: [-6] }] }, 'actions.0.recipients', 'emailNotVerified'],
    ['an SMS to a user without phone', { actionsToAdd: [{ type: 'sms', recipients: [-7] }] }, 'actions.0.recipients', 'noPhone'],
    ['an empty name', { name: ' ' }, 'name', 'required'],
    ['a visitor flow threshold below 0 (always met)', { conditionsToAdd: [{ type: 'flux', direction: 'in', value: -5, zoneId: 0 }] }, 'condition.value', 'belowMinimum'],
    ['a humidity above 100 %RH', { conditionsToAdd: [{ type: 'humidity', value: 120, deviceAtmosphereIds: [1] }] }, 'condition.value', 'outOfRange'],
    ['an e-mail notification that reaches nobody', { actionsToAdd: [{ type: 'email', recipients: [] }], planningToAdd: { name: 'Night', mails: [], phones: ['+41 79 123 45 67'], userIds: [] } }, 'actions.0.recipients', 'noEmailRecipients'],
    ['a push notification that reaches nobody', { actionsToAdd: [{ type: 'push', recipients: [] }] }, 'actions.0.recipients', 'noPushRecipients'],
    ['a density on a zone without floor area', { conditionsToAdd: [{ type: 'density', value: 1, zoneId: 0 }] }, 'condition.zoneId', 'noFloorArea'],
    ['a reverse density on a zone without floor area', { conditionsToAdd: [{ type: 'reverseDensity', value: 1, zoneId: 0 }] }, 'condition.zoneId', 'noFloorArea'],
    ['a window on day 8', { schedule: [{ beginDay: 8, beginHour: 9, beginMinute: 0, endDay: 8, endHour: 18, endMinute: 0 }] }, 'beginDay', 'tooLarge'],
    ['a window ending at 24:30', { schedule: [{ beginDay: 1, beginHour: 9, beginMinute: 0, endDay: 1, endHour: 24, endMinute: 30 }] }, 'schedule', 'invalidWindow'],
    ['an empty window (start = end)', { schedule: [{ beginDay: 2, beginHour: 9, beginMinute: 0, endDay: 2, endHour: 9, endMinute: 0 }] }, 'schedule', 'invalidWindow'],
  ])('refuses %s with BAD_USER_INPUT', async (_name, over, field, reason) => {
    const swap = JSON.parse(JSON.stringify(over).replaceAll('"zoneId":0', `"zoneId":${ids.zone}`).replace('-6', String(ids.unverified)).replace('-7', String(ids.admin)));
    const r = await create(swap);
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
    expect(r.errors?.[0]?.extensions).toMatchObject({ field, reason });
  });
});

describe('alertConnection', () => {
  it('pages by 15 with a count, searches by name, and shows another organization none of ours', async () => {
    for (let i = 0; i < 17; i++) expect((await create({ name: `Paged ${String(i).padStart(2, '0')}` })).errors).toBeUndefined();
    const first = (await server.gql(LIST, { filter: { searchValue: 'paged' } }, { token: tokens.reader })).data!.alertConnection;
    expect(first.count).toBe(17);
    expect(first.nodes).toHaveLength(15);
    expect(first.nodes[0].name).toBe('Paged 00');
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await server.gql(LIST, { filter: { searchValue: 'paged' }, after: first.pageInfo.endCursor }, { token: tokens.reader })).data!.alertConnection;
    expect(second.nodes.map((n: { name: string }) => n.name)).toEqual(['Paged 15', 'Paged 16']);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const desc = (await server.gql(LIST, { filter: { searchValue: 'PAGED' }, sort: 'NAME_DESC', first: 1 }, { token: tokens.reader })).data!.alertConnection;
    expect(desc.nodes[0].name).toBe('Paged 16');
    const theirs = (await server.gql(LIST, {}, { token: tokens.rival })).data!.alertConnection;
    expect(theirs).toMatchObject({ count: 0, nodes: [] });
    expect(errorCode(await server.gql(LIST, { after: 'nope' }, { token: tokens.reader }))).toBe('BAD_USER_INPUT');
  });
});

describe('updateAlertWithDetails, updateAlert and deleteAlert', () => {
  it('replaces the condition and notifications with the edit right, and refuses without it', async () => {
    const alert = (await create({ name: 'To edit' })).data!.createAlertWithDetails;
    const input = {
      id: alert.id, name: 'Edited', organizationId: ids.org,
      conditions: [{ type: 'temperature', min: 18, max: 24, zoneId: ids.child }],
      actions: [{ type: 'push', recipients: [ids.reader] }, { type: 'job', url: 'https://hooks.example.com/sitelens' }],
      planning: { name: 'Day', mails: [], phones: [], userIds: [ids.admin] },
    };
    expect(errorCode(await server.gql(UPDATE, { input }, { token: tokens.reader }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(UPDATE, { input }, { token: tokens.rival }))).toBe('NOT_FOUND');
    const r = await server.gql(UPDATE, { input }, { token: tokens.admin });
    expect(r.errors).toBeUndefined();
    expect(r.data!.updateAlertWithDetails).toMatchObject({
      name: 'Edited',
      condition: { type: 'temperature', min: 18, max: 24, zoneId: ids.child },
      actions: [{ type: 'push', recipients: [ids.reader] }, { type: 'job', url: 'https://hooks.example.com/sitelens' }],
      planning: { id: alert.planning.id, name: 'Day', userIds: [ids.admin], mails: [] },
    });
  });

  it('switches an alert off and on, and deletes it, each only with its right', async () => {
    const alert = (await create({ name: 'To switch' })).data!.createAlertWithDetails;
    expect(errorCode(await server.gql(TOGGLE, { id: alert.id, enabled: false }, { token: tokens.reader }))).toBe('FORBIDDEN');
    expect((await server.gql(TOGGLE, { id: alert.id, enabled: false }, { token: tokens.admin })).data?.updateAlert).toEqual({ id: alert.id, enabled: false });
    expect(errorCode(await server.gql(TOGGLE, { id: alert.id, enabled: true }, { token: tokens.rival }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(DELETE, { id: alert.id }, { token: tokens.reader }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(DELETE, { id: alert.id }, { token: tokens.rival }))).toBe('NOT_FOUND');
    expect((await server.gql(DELETE, { id: alert.id }, { token: tokens.admin })).data?.deleteAlert).toBe(alert.id);
    expect(errorCode(await server.gql(BY_ID, { id: alert.id }, { token: tokens.admin }))).toBe('NOT_FOUND');
  });
});

describe('an alert without a planning (as the demo’s ten)', () => {
  it('answers empty contacts in alertById and in the whole list, not "Unexpected error"', async () => {
    const r = await create({ name: 'No contacts', planningToAdd: null });
    expect(r.errors).toBeUndefined();
    const id = r.data!.createAlertWithDetails.id;
    const one = await server.gql('query($id: Int!) { alertById(alertId: $id) { contacts { mails phones } planning { id } } }', { id }, { token: tokens.admin });
    expect(one.errors).toBeUndefined();
    expect(one.data!.alertById).toEqual({ contacts: { mails: [], phones: [] }, planning: null });
    const all = await server.gql('query { alertConnection(first: 100) { nodes { id contacts { mails phones } } } }', {}, { token: tokens.admin });
    expect(all.errors).toBeUndefined();
    expect(all.data!.alertConnection.nodes.find((n: { id: number }) => n.id === id)).toEqual({ id, contacts: { mails: [], phones: [] } });
    await server.gql(DELETE, { id }, { token: tokens.admin });
  });
});

describe('alertRecipients', () => {
  it('lists the organization’s users with what each channel needs, for who may create alerts only', async () => {
    const q = 'query { alertRecipients { userId email emailVerified hasPhone phoneVerified canReadAlerts } }';
    const list = (await server.gql(q, {}, { token: tokens.creator })).data!.alertRecipients;
    expect(list).toContainEqual({ userId: ids.admin, email: 'ops@acme.test', emailVerified: true, hasPhone: false, phoneVerified: false, canReadAlerts: true });
    // Offered by right: who may read alerts (read, or no profile at all); not who may only create them, nor who has no alert right.
    const readers = Object.fromEntries(list.map((u: { userId: number; canReadAlerts: boolean }) => [u.userId, u.canReadAlerts]));
    expect(readers).toMatchObject({ [ids.admin]: true, [ids.reader]: true, [ids.unverified]: true, [ids.none]: false, [ids.creator]: false });
    expect(list.map((u: { email: string }) => u.email)).not.toContain('staff@rival.test');
    expect(errorCode(await server.gql(q, {}, { token: tokens.reader }))).toBe('FORBIDDEN');
  });
});

describe('recipients who cannot open the alert (issue 29.3)', () => {
  it('are refused by the mutation, as notification recipients and as planning users', async () => {
    for (const who of [ids.none, ids.creator]) {
      const r = await create({ actionsToAdd: [{ type: 'email', recipients: [ids.admin, who] }], planningToAdd: null });
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'actions.0.recipients', reason: 'noAlertRight' });
      const p = await create({ actionsToAdd: [], planningToAdd: { name: 'Night', mails: [], phones: [], userIds: [who] } });
      expect(p.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'planning.userIds', reason: 'noAlertRight' });
    }
    const ok = await create({ actionsToAdd: [{ type: 'email', recipients: [ids.reader] }], planningToAdd: null });
    expect(ok.errors).toBeUndefined();
    await server.gql(DELETE, { id: ok.data!.createAlertWithDetails.id }, { token: tokens.admin });
  });

  it('a reader’s link opens the list showing that one alert (alertConnection filter alertIds)', async () => {
    const a = (await create({ name: 'Shown alone', planningToAdd: null })).data!.createAlertWithDetails.id;
    const b = (await create({ name: 'Another one', planningToAdd: null })).data!.createAlertWithDetails.id;
    const list = await server.gql(LIST, { filter: { alertIds: [a] } }, { token: tokens.reader });
    expect(list.data!.alertConnection).toMatchObject({ count: 1, nodes: [{ id: a, name: 'Shown alone' }] });
    const rival = await server.gql(LIST, { filter: { alertIds: [a, b] } }, { token: tokens.rival });
    expect(rival.data!.alertConnection.count).toBe(0);
    for (const id of [a, b]) await server.gql(DELETE, { id }, { token: tokens.admin });
  });
});

describe('the condition types a site measures (siteConditionTypes, on the server as in the form)', () => {
  it('refuses a condition its site cannot measure, and keeps an edited alert’s own type', async () => {
    const shop = await createSite(database, ids.org, { name: 'Counting shop' });
    const onShop = (name: string, condition: Record<string, unknown>) => create({ name, installationId: shop.site.id, conditionsToAdd: [condition], planningToAdd: null });
    const co2 = { type: 'co2', value: 1000, zoneId: shop.top.id };
    // No event yet: nothing says what the site measures, so every type is open.
    const early = await onShop('CO2 before the events', co2);
    expect(early.errors).toBeUndefined();

    await database.db.insert(events).values({ installationId: shop.site.id, name: 'Counting', metrics: ['counting'], neverEnding: true, dateBegin: new Date('2026-01-01T00:00:00Z') });
    expect((await onShop('CO2 on a counting shop', co2)).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'condition.type', reason: 'notMeasured' });
    expect((await onShop('Flow on a counting shop', { type: 'flux', value: 100, zoneId: shop.top.id })).errors).toBeUndefined();

    const edit = (condition: Record<string, unknown>) =>
      server.gql(UPDATE, { input: { id: early.data!.createAlertWithDetails.id, name: 'CO2, renamed', organizationId: ids.org, conditions: [condition], actions: [] } }, { token: tokens.admin });
    // Its saved type stays its own (the form keeps it too); another type the site cannot measure does not.
    expect((await edit({ ...co2, value: 1200 })).data?.updateAlertWithDetails).toMatchObject({ name: 'CO2, renamed', condition: { type: 'co2', value: 1200 } });
    expect((await edit({ type: 'temperature', min: 18, max: 24, zoneId: shop.top.id })).errors?.[0]?.extensions).toMatchObject({ field: 'condition.type', reason: 'notMeasured' });
  });
});
