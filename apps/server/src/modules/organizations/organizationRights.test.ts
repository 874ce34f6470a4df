import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createAcmeAndRival, createProfile, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

/** Each call of the organization page and of custom links, every right both ways (issue 20 items 5 and 6). */
const UPDATE = `mutation($id:Int!,$name:String,$address:String,$logo:String,$links:[CustomLinkInput!]){
  updateOrganization(id:$id, name:$name, address:$address, logo:$logo, customLinks:$links){ id name address logo customLinks { text url openOutside } } }`;
const DEADLINE = 'mutation($o:Int!,$d:Date){ setMigrationDeadline(organizationId:$o, migrationDeadline:$d){ migrationDeadline } }';
const READ = 'query($o:Int!){ organizationById(organizationId:$o){ name migrationDeadline customLinks { text } } }';
const USER_LINKS = 'mutation($u:Int!,$l:[CustomLinkInput!]!){ updateUserCustomLinks(userId:$u, customLinks:$l){ id customLinks { text url openOutside } } }';
const ME_LINKS = '{ me { customLinks { text url openOutside } } }';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
// A JPEG's start of image and a JFIF header: the bytes, not the label, give the type.
const JPEG = Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z', 'base64');
const dataUrl = (bytes: Buffer | string, type: string) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let dataDir: string;
let orgId = 0;
let rivalId = 0;
const ids = { editor: 0, userAdmin: 0, reader: 0, admin: 0 };
let tokens: Record<'admin' | 'editor' | 'reader' | 'userAdmin' | 'rival', string>;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'sitelens-org-rights-'));
  const { org, rival } = await createAcmeAndRival(database);
  orgId = org.id;
  rivalId = rival.id;
  const editor = await createProfile(database, org.id, { organization: { general: { read: true, edit: true }, user: { read: true, edit: false } } }, 'Editor');
  const reader = await createProfile(database, org.id, { organization: { general: { read: true, edit: false }, user: { read: true, edit: false } } }, 'Reader');
  const userAdmin = await createProfile(database, org.id, { organization: { general: { read: true, edit: false }, user: { read: true, edit: true } } }, 'People');
  ids.admin = (await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' })).id;
  ids.editor = (await createUser(database, { email: 'editor@acme.test', organizationIds: [org.id], profileId: editor.id })).id;
  ids.reader = (await createUser(database, { email: 'reader@acme.test', organizationIds: [org.id], profileId: reader.id })).id;
  ids.userAdmin = (await createUser(database, { email: 'people@acme.test', organizationIds: [org.id], profileId: userAdmin.id })).id;
  await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
  server = await startTestServer(database, { DATA_DIR: dataDir });
  tokens = await server.signInAll({ admin: 'admin@acme.test', editor: 'editor@acme.test', reader: 'reader@acme.test', userAdmin: 'people@acme.test', rival: 'admin@rival.test' });
});

afterAll(async () => {
  await server.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('organization.general edit', () => {
  it('lets a member whose profile grants it (not an administrator) save the page; a profile without it is refused', async () => {
    const saved = await server.gql(UPDATE, { id: orgId, name: 'Acme by the editor', links: [{ text: 'Intranet', url: 'https://intranet.acme.test', openOutside: true }] }, { token: tokens.editor });
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.updateOrganization).toMatchObject({ name: 'Acme by the editor', customLinks: [{ text: 'Intranet', openOutside: true }] });
    // organization.user edit is not organization.general edit.
    expect(errorCode(await server.gql(UPDATE, { id: orgId, name: 'People' }, { token: tokens.userAdmin }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(UPDATE, { id: orgId, name: 'Reader' }, { token: tokens.reader }))).toBe('FORBIDDEN');
    expect((await server.gql(READ, { o: orgId }, { token: tokens.reader })).data?.organizationById).toMatchObject({ name: 'Acme by the editor', customLinks: [{ text: 'Intranet' }] });
  });

  it('sets and clears the migration deadline with the right, and only with it', async () => {
    for (const token of [tokens.admin, tokens.editor]) {
      const set = await server.gql(DEADLINE, { o: orgId, d: '2027-06-30' }, { token });
      expect(set.data?.setMigrationDeadline).toEqual({ migrationDeadline: '2027-06-30' });
    }
    expect(errorCode(await server.gql(DEADLINE, { o: orgId, d: '2020-01-01' }, { token: tokens.reader }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(DEADLINE, { o: orgId, d: '2020-01-01' }, { token: tokens.userAdmin }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(DEADLINE, { o: orgId, d: '2020-01-01' }, { token: tokens.rival }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(DEADLINE, { o: rivalId, d: '2020-01-01' }, { token: tokens.admin }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(DEADLINE, { o: orgId, d: '2020-01-01' }))).toBe('UNAUTHENTICATED');
    expect((await server.gql(READ, { o: orgId }, { token: tokens.reader })).data?.organizationById.migrationDeadline).toBe('2027-06-30');
    const cleared = await server.gql(DEADLINE, { o: orgId, d: null }, { token: tokens.admin });
    expect(cleared.data?.setMigrationDeadline).toEqual({ migrationDeadline: null });
  });

  it('reads an organization for its members only', async () => {
    expect((await server.gql(READ, { o: orgId }, { token: tokens.reader })).errors).toBeUndefined();
    expect(errorCode(await server.gql(READ, { o: orgId }, { token: tokens.rival }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(READ, { o: orgId }))).toBe('UNAUTHENTICATED');
  });
});

describe('the logo: the bytes decide the type', () => {
  it('takes a JPEG, and an SVG sent under another label is stored as a sanitized SVG', async () => {
    const jpeg = await server.gql(UPDATE, { id: orgId, logo: dataUrl(JPEG, 'image/jpeg') }, { token: tokens.editor });
    expect(jpeg.data?.updateOrganization.logo).toMatch(/\.jpg$/);
    const disguised = dataUrl('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" onload="alert(1)"/></svg>', 'image/png');
    const svg = await server.gql(UPDATE, { id: orgId, logo: disguised }, { token: tokens.editor });
    const url: string = svg.data?.updateOrganization.logo;
    expect(url).toMatch(/\.svg$/);
    const text = await (await fetch(`${server.base}${url}`, { headers: { authorization: `Bearer ${tokens.reader}` } })).text();
    expect(text).toContain('<rect width="1"></rect>');
    expect(text).not.toContain('onload');
  });

  it.each([
    ['a GIF', dataUrl(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif'), 'errors.imageType'],
    ['an HTML page labelled PNG', dataUrl('<html><script>alert(1)</script></html>', 'image/png'), 'errors.imageType'],
    ['a PNG one byte over 1 MB', dataUrl(Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1 - PNG.length)]), 'image/png'), 'errors.imageTooBig'],
    ['an address instead of a file', 'https://evil.example/logo.png', 'errors.imageInvalid'],
    ['a javascript: address', 'javascript:alert(1)', 'errors.imageInvalid'],
  ])('refuses %s', async (_name, logo, reason) => {
    const r = await server.gql(UPDATE, { id: orgId, logo }, { token: tokens.editor });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'logo', reason });
    expect((await server.gql(UPDATE, { id: orgId }, { token: tokens.editor })).data?.updateOrganization.logo).toMatch(/\.svg$/);
  });

  it('takes a PNG of exactly 1 MB', async () => {
    const r = await server.gql(UPDATE, { id: orgId, logo: dataUrl(Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length)]), 'image/png') }, { token: tokens.editor });
    expect(r.errors).toBeUndefined();
    expect(r.data?.updateOrganization.logo).toMatch(/\.png$/);
  });
});

describe('updateUserCustomLinks: organization.user edit', () => {
  const wiki = { text: 'Wiki', url: 'https://wiki.acme.test', openOutside: false };

  it('lets a member whose profile grants it set another member’s links and their own', async () => {
    const other = await server.gql(USER_LINKS, { u: ids.reader, l: [wiki] }, { token: tokens.userAdmin });
    expect(other.errors).toBeUndefined();
    expect((await server.gql(ME_LINKS, {}, { token: tokens.reader })).data?.me.customLinks).toEqual([wiki]);
    const own = await server.gql(USER_LINKS, { u: ids.userAdmin, l: [wiki] }, { token: tokens.userAdmin });
    expect(own.data?.updateUserCustomLinks.customLinks).toEqual([wiki]);
  });

  it('refuses organization.general edit alone, for others and for oneself, and keeps the links', async () => {
    expect(errorCode(await server.gql(USER_LINKS, { u: ids.reader, l: [] }, { token: tokens.editor }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(USER_LINKS, { u: ids.editor, l: [wiki] }, { token: tokens.editor }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(USER_LINKS, { u: ids.admin, l: [] }, { token: tokens.rival }))).toBe('NOT_FOUND');
    expect((await server.gql(ME_LINKS, {}, { token: tokens.reader })).data?.me.customLinks).toEqual([wiki]);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JAVASCRIPT:alert(1)'],
    ['  javascript:alert(1)'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['vbscript:msgbox(1)'],
    ['ftp://files.acme.test'],
    ['/relative/path'],
    ['//evil.example'],
    ['https://bank.example@evil.example'],
  ])('refuses the non-http address %j', async (url) => {
    const r = await server.gql(USER_LINKS, { u: ids.reader, l: [{ text: 'x', url }] }, { token: tokens.admin });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'customLinks.0.url', reason: 'errors.invalidUrl' });
  });
});
