import type { RightsTree } from '@sitelens/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { events, zones } from '../../composition/tables.ts';
import { createOrganization, createProfile, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

const FIELDS = 'id title language installationId siteName eventId eventName zoneId zoneName sendDay hour daysIncluded granularity emails enabled status nextSendAt';
const LIST = `{ scheduledReports { ${FIELDS} } }`;
const ONE = `query($id: Int!) { scheduledReport(id: $id) { ${FIELDS} } }`;
const CREATE = `mutation($input: ScheduledReportInput!) { createScheduledReport(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $input: ScheduledReportInput!) { updateScheduledReport(id: $id, input: $input) { ${FIELDS} } }`;
const ENABLE = `mutation($id: Int!, $enabled: Boolean!) { setScheduledReportEnabled(id: $id, enabled: $enabled) { id enabled nextSendAt } }`;
const DELETE = `mutation($id: Int!) { deleteScheduledReport(id: $id) }`;
const RETAIL = `mutation($from: DateTime!, $to: DateTime!, $zoneIds: [Int!]!, $granularity: Int!, $emails: [String!]!) {
  createRetailReport(from: $from, to: $to, zoneIds: $zoneIds, granularity: $granularity, emails: $emails) }`;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let tokens: Record<string, string> = {};
const ids = { site: 0, top: 0, child: 0, event: 0, pastEvent: 0, rivalSite: 0, rivalZone: 0, rivalEvent: 0, otherSite: 0, otherZone: 0, deletedZone: 0 };

async function insertEvent(installationId: number, name: string, dateEnd: Date | null) {
  const [row] = await database.db
    .insert(events)
    .values({ installationId, name, metrics: ['counting'], neverEnding: dateEnd === null, dateBegin: new Date('2024-01-01T00:00:00Z'), dateEnd })
    .returning();
  return row!.id;
}

const report = (change: Record<string, unknown> = {}) => ({
  title: 'Weekly footfall',
  language: 'fr',
  installationId: ids.site,
  eventId: ids.event,
  zoneId: ids.top,
  sendDay: 1,
  hour: 8,
  daysIncluded: 7,
  granularity: 86400,
  emails: ['Ana@Example.com', 'ben@example.com'],
  ...change,
});

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const rival = await createOrganization(database, 'Rival Retail');
  const site = await createSite(database, org.id);
  const other = await createSite(database, org.id, { name: 'Second store', timezone: 'Asia/Kolkata' });
  const rivalSite = await createSite(database, rival.id);
  const [deleted] = await database.db.insert(zones).values({ installationId: site.site.id, name: 'Old', deletedAt: new Date('2025-01-01') }).returning();
  Object.assign(ids, {
    site: site.site.id,
    top: site.top.id,
    child: site.child.id,
    event: await insertEvent(site.site.id, 'Footfall', null),
    pastEvent: await insertEvent(site.site.id, 'Summer sale 2025', new Date('2025-09-01T00:00:00Z')),
    rivalSite: rivalSite.site.id,
    rivalZone: rivalSite.top.id,
    rivalEvent: await insertEvent(rivalSite.site.id, 'Rival', null),
    otherSite: other.site.id,
    otherZone: other.top.id,
    deletedZone: deleted!.id,
  });
  const report = (rights: RightsTree['dashboard']) => ({ dashboard: rights });
  const users: Array<[string, RightsTree | 'admin']> = [
    ['admin', 'admin'],
    ['reader', report({ report: { read: true } })],
    ['creator', report({ report: { read: true, create: true } })],
    ['editor', report({ report: { read: true, edit: true } })],
    ['deleter', report({ report: { read: true, delete: true } })],
    ['none', report({})],
  ];
  for (const [name, rights] of users) {
    const profileId = rights !== 'admin' ? (await createProfile(database, org.id, rights, name)).id : null;
    await createUser(database, { email: `${name}@acme.test`, organizationIds: [org.id], role: rights === 'admin' ? 'admin' : 'user', profileId });
  }
  await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
  server = await startTestServer(database);
  tokens = await server.signInAll({
    admin: 'admin@acme.test',
    reader: 'reader@acme.test',
    creator: 'creator@acme.test',
    editor: 'editor@acme.test',
    deleter: 'deleter@acme.test',
    none: 'none@acme.test',
    rival: 'admin@rival.test',
  });
}, 60_000);

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('scheduled reports: create, load, list', () => {
  it('creates with the create right, with normalized e-mails, active and due next Monday at 08:00 site time', async () => {
    const r = await server.gql(CREATE, { input: report() }, { token: tokens.creator });
    expect(r.errors).toBeUndefined();
    const created = r.data!.createScheduledReport;
    expect(created).toMatchObject({ title: 'Weekly footfall', siteName: 'Main store', eventName: 'Footfall', zoneName: 'Whole store', emails: ['ana@example.com', 'ben@example.com'], enabled: true, status: 'ACTIVE' });
    const next = new Date(created.nextSendAt);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(next)).toBe('Monday 08:00');
    const loaded = await server.gql(ONE, { id: created.id }, { token: tokens.reader });
    expect(loaded.data!.scheduledReport).toEqual(created);
    const listed = await server.gql(LIST, {}, { token: tokens.reader });
    expect(listed.data!.scheduledReports.map((x: { id: number }) => x.id)).toContain(created.id);
  });

  it('refuses creating without the create right, and reading without the read right', async () => {
    expect(errorCode(await server.gql(CREATE, { input: report() }, { token: tokens.editor }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(CREATE, { input: report() }, { token: tokens.reader }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(LIST, {}, { token: tokens.none }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(LIST, {}))).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['no e-mail', { emails: [] }, 'emails', 'required'],
    ['an invalid e-mail', { emails: ['ana@example.com', 'nope'] }, 'emails', 'invalidEmail'],
    ['an empty title', { title: '  ' }, 'title', 'required'],
    ['an unknown language', { language: 'pt' }, 'language', 'unknownLanguage'],
    // Numbers outside their documented bound are refused before the service (graphql/argumentBounds.ts).
    ['an hour of 24', { hour: 24 }, 'hour', 'tooLarge'],
    ['400 days', { daysIncluded: 400 }, 'daysIncluded', 'tooLarge'],
    ['a 15-minute granularity', { granularity: 900 }, 'granularity', 'tooSmall'],
    ['a 2-hour granularity', { granularity: 7200 }, 'granularity', 'invalid'],
  ])('refuses %s with the field and reason', async (_name, change, field, reason) => {
    const r = await server.gql(CREATE, { input: report(change) }, { token: tokens.admin });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field, reason });
  });

  it.each([
    ['another organization’s site', () => ({ installationId: ids.rivalSite, eventId: ids.rivalEvent, zoneId: ids.rivalZone })],
    ['another organization’s event', () => ({ eventId: ids.rivalEvent })],
    ['another organization’s zone', () => ({ zoneId: ids.rivalZone })],
    ['a zone of another site', () => ({ zoneId: ids.otherZone })],
    ['a missing event', () => ({ eventId: 999_999 })],
  ])('refuses %s as not found', async (_name, change) => {
    expect(errorCode(await server.gql(CREATE, { input: report(change()) }, { token: tokens.admin }))).toBe('NOT_FOUND');
  });

  it('refuses a zone of the site deleted since on the zone field, as the form can name it', async () => {
    const r = await server.gql(CREATE, { input: report({ zoneId: ids.deletedZone }) }, { token: tokens.admin });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'zoneId', reason: 'zoneDeleted' });
  });

  it('never shows another organization’s report', async () => {
    const mine = (await server.gql(CREATE, { input: report({ title: 'Mine' }) }, { token: tokens.admin })).data!.createScheduledReport;
    expect(errorCode(await server.gql(ONE, { id: mine.id }, { token: tokens.rival }))).toBe('NOT_FOUND');
    expect((await server.gql(LIST, {}, { token: tokens.rival })).data!.scheduledReports).toEqual([]);
    expect(errorCode(await server.gql(UPDATE, { id: mine.id, input: report() }, { token: tokens.rival }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(DELETE, { id: mine.id }, { token: tokens.rival }))).toBe('NOT_FOUND');
  });
});

describe('scheduled reports: status, update, enable, delete', () => {
  it('is inactive on an ended event, with no next send, until an ongoing event is chosen', async () => {
    const r = (await server.gql(CREATE, { input: report({ eventId: ids.pastEvent }) }, { token: tokens.admin })).data!.createScheduledReport;
    expect(r).toMatchObject({ status: 'INACTIVE', nextSendAt: null, eventName: 'Summer sale 2025' });
    const moved = await server.gql(UPDATE, { id: r.id, input: report({ eventId: ids.event, sendDay: 0, hour: 18 }) }, { token: tokens.editor });
    expect(moved.data!.updateScheduledReport).toMatchObject({ status: 'ACTIVE', sendDay: 0, hour: 18 });
    expect(moved.data!.updateScheduledReport.nextSendAt).not.toBeNull();
  });

  it('updates with the edit right only', async () => {
    const r = (await server.gql(CREATE, { input: report() }, { token: tokens.admin })).data!.createScheduledReport;
    expect(errorCode(await server.gql(UPDATE, { id: r.id, input: report({ title: 'Renamed' }) }, { token: tokens.creator }))).toBe('FORBIDDEN');
    const updated = await server.gql(UPDATE, { id: r.id, input: report({ title: 'Renamed', language: 'ar', granularity: 10800 }) }, { token: tokens.editor });
    expect(updated.data!.updateScheduledReport).toMatchObject({ title: 'Renamed', language: 'ar', granularity: 10800 });
  });

  it('disables and enables with the edit right; a disabled report has no next send', async () => {
    const r = (await server.gql(CREATE, { input: report() }, { token: tokens.admin })).data!.createScheduledReport;
    expect(errorCode(await server.gql(ENABLE, { id: r.id, enabled: false }, { token: tokens.reader }))).toBe('FORBIDDEN');
    expect((await server.gql(ENABLE, { id: r.id, enabled: false }, { token: tokens.editor })).data!.setScheduledReportEnabled).toEqual({ id: r.id, enabled: false, nextSendAt: null });
    const on = (await server.gql(ENABLE, { id: r.id, enabled: true }, { token: tokens.editor })).data!.setScheduledReportEnabled;
    expect(on.enabled).toBe(true);
    expect(on.nextSendAt).toBe(r.nextSendAt);
  });

  it('deletes with the delete right, and then it is gone', async () => {
    const r = (await server.gql(CREATE, { input: report() }, { token: tokens.admin })).data!.createScheduledReport;
    expect(errorCode(await server.gql(DELETE, { id: r.id }, { token: tokens.editor }))).toBe('FORBIDDEN');
    expect((await server.gql(DELETE, { id: r.id }, { token: tokens.deleter })).data!.deleteScheduledReport).toBe(r.id);
    expect(errorCode(await server.gql(ONE, { id: r.id }, { token: tokens.admin }))).toBe('NOT_FOUND');
    const schedules = await database.sql.query(`SELECT 1 FROM job_schedules WHERE key = $1`, [`report:${r.id}`]);
    expect(schedules.rows).toHaveLength(0);
  });
});

describe('createRetailReport', () => {
  const range = { from: '2026-03-01T00:00:00Z', to: '2026-03-08T00:00:00Z', granularity: 86400, emails: ['ana@example.com'] };
  it('queues the report once for the caller’s zones, with the create right', async () => {
    const r = await server.gql(RETAIL, { ...range, zoneIds: [ids.top, ids.child] }, { token: tokens.creator });
    expect(r.data?.createRetailReport).toBe(true);
    expect(errorCode(await server.gql(RETAIL, { ...range, zoneIds: [ids.top] }, { token: tokens.reader }))).toBe('FORBIDDEN');
  });
  it('refuses another organization’s zone, zones of two sites, and bad ranges', async () => {
    expect(errorCode(await server.gql(RETAIL, { ...range, zoneIds: [ids.rivalZone] }, { token: tokens.admin }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(RETAIL, { ...range, zoneIds: [ids.top, ids.otherZone] }, { token: tokens.admin }))).toBe('NOT_FOUND');
    const backwards = await server.gql(RETAIL, { ...range, from: range.to, to: range.from, zoneIds: [ids.top] }, { token: tokens.admin });
    expect(backwards.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'to' });
    const noMail = await server.gql(RETAIL, { ...range, emails: [], zoneIds: [ids.top] }, { token: tokens.admin });
    expect(noMail.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'emails', reason: 'required' });
  });
});
