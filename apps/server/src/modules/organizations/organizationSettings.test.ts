import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createAcmeAndRival, createProfile, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

const UPDATE = `mutation($id:Int!,$name:String,$address:String,$logo:String,$links:[CustomLinkInput!],$deadline:Date){
  updateOrganization(id:$id, name:$name, address:$address, logo:$logo, customLinks:$links, migrationDeadline:$deadline){
    id name address logo migrationDeadline customLinks { text url iconSrc openOutside } } }`;
const READ = 'query($o:Int!){ organizationById(organizationId:$o){ name address logo migrationDeadline customLinks { text url openOutside } } }';
const STATS = '{ organizationStats { installationCount userCount padCount deviceAtmosphereCount totalDeviceCount } }';

const svg = (body: string) => `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`).toString('base64')}`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let dataDir: string;
let orgId = 0;
let rivalId = 0;
let tokens: Record<'admin' | 'reader' | 'hidden' | 'rival', string>;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'sitelens-org-'));
  const { org, rival } = await createAcmeAndRival(database);
  orgId = org.id;
  rivalId = rival.id;
  await createSite(database, org.id);
  await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  const reader = await createProfile(database, org.id, { organization: { general: { read: true, edit: false } } }, 'Reader');
  const hidden = await createProfile(database, org.id, { organization: { general: { read: false, edit: false } } }, 'No settings');
  await createUser(database, { email: 'reader@acme.test', organizationIds: [org.id], profileId: reader.id });
  await createUser(database, { email: 'hidden@acme.test', organizationIds: [org.id], profileId: hidden.id });
  await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
  server = await startTestServer(database, { DATA_DIR: dataDir });
  tokens = await server.signInAll({ admin: 'admin@acme.test', reader: 'reader@acme.test', hidden: 'hidden@acme.test', rival: 'admin@rival.test' });
});

afterAll(async () => {
  await server.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('updateOrganization', () => {
  it('saves name, address, links and deadline for organization.general edit; every member reads them', async () => {
    const links = [{ text: 'Support', url: 'https://support.acme.test', iconSrc: 'help', openOutside: true }];
    const r = await server.gql(UPDATE, { id: orgId, name: '  Acme Stores ', address: 'Rue du Rhône 48\n1204 Genève', links, deadline: '2027-03-31' }, { token: tokens.admin });
    expect(r.errors).toBeUndefined();
    expect(r.data?.updateOrganization).toMatchObject({ name: 'Acme Stores', address: 'Rue du Rhône 48\n1204 Genève', migrationDeadline: '2027-03-31', customLinks: links });
    expect((await server.gql(READ, { o: orgId }, { token: tokens.reader })).data?.organizationById).toMatchObject({
      name: 'Acme Stores',
      migrationDeadline: '2027-03-31',
      customLinks: [{ text: 'Support', url: 'https://support.acme.test', openOutside: true }],
    });
    // Left out keeps, null clears.
    const cleared = await server.gql(UPDATE, { id: orgId, address: null, deadline: null }, { token: tokens.admin });
    expect(cleared.data?.updateOrganization).toMatchObject({ name: 'Acme Stores', address: null, migrationDeadline: null });
    expect(cleared.data?.updateOrganization.customLinks).toHaveLength(1);
  });

  it('refuses members without the edit right, other organizations and callers not signed in, changing nothing', async () => {
    expect(errorCode(await server.gql(UPDATE, { id: orgId, name: 'Hijacked' }, { token: tokens.reader }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(UPDATE, { id: orgId, name: 'Hijacked' }, { token: tokens.hidden }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(UPDATE, { id: orgId, name: 'Hijacked' }, { token: tokens.rival }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(UPDATE, { id: rivalId, name: 'Hijacked' }, { token: tokens.admin }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(UPDATE, { id: orgId, name: 'Hijacked' }))).toBe('UNAUTHENTICATED');
    expect((await server.gql(READ, { o: orgId }, { token: tokens.admin })).data?.organizationById.name).toBe('Acme Stores');
    expect((await server.gql(READ, { o: rivalId }, { token: tokens.rival })).data?.organizationById.name).toBe('Rival Retail');
  });

  it.each([
    [{ name: '' }, 'name', 'errors.organizationNameEmpty'],
    [{ name: '   ' }, 'name', 'errors.organizationNameEmpty'],
    [{ name: 'x'.repeat(121) }, 'name', 'errors.tooLong'],
    [{ address: 'x'.repeat(301) }, 'address', 'errors.tooLong'],
    [{ deadline: '2027-02-30' }, 'migrationDeadline', 'errors.invalidDate'],
    [{ links: [{ text: 'Evil', url: 'javascript:alert(document.cookie)' }] }, 'customLinks.0.url', 'errors.invalidUrl'],
    [{ links: [{ text: 'Evil', url: 'data:text/html,<script>alert(1)</script>' }] }, 'customLinks.0.url', 'errors.invalidUrl'],
    [{ links: [{ text: '', url: 'https://acme.test' }] }, 'customLinks.0.text', 'errors.requiredField'],
    [{ links: [{ text: 'Icon', url: 'https://acme.test', iconSrc: 'http://tracker.example/p.gif' }] }, 'customLinks.0.iconSrc', 'errors.invalidIcon'],
    [{ links: [{ text: 'Icon', url: 'https://acme.test', iconSrc: 'https://tracker.example/p.gif' }] }, 'customLinks.0.iconSrc', 'errors.invalidIcon'],
    [{ logo: `data:image/webp;base64,${Buffer.from('RIFF\0\0\0\0WEBPVP8 ').toString('base64')}` }, 'logo', 'errors.imageType'],
    [{ logo: `data:image/png;base64,${Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]).toString('base64')}` }, 'logo', 'errors.imageTooBig'],
    [{ logo: svg('<rect></svg') }, 'logo', 'errors.imageInvalid'],
  ])('refuses %j on %s (%s) and keeps the stored values', async (variables, field, reason) => {
    const r = await server.gql(UPDATE, { id: orgId, name: 'Renamed', ...variables }, { token: tokens.admin });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field, reason });
    expect((await server.gql(READ, { o: orgId }, { token: tokens.admin })).data?.organizationById).toMatchObject({ name: 'Acme Stores', logo: null });
  });
});

describe('the organization logo', () => {
  const fetchLogo = (path: string, token?: string) => fetch(`${server.base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('stores a hostile SVG sanitized, and serves it with a policy that runs nothing, to members only', async () => {
    const hostile = svg(
      '<script>alert(1)</script><rect width="10" height="10" fill="#0a6" onclick="alert(2)"/>' +
        '<image href="https://tracker.example/p.png"/><a href="javascript:alert(3)"><circle r="2"/></a>' +
        '<style>@import url(https://evil.example/x.css);</style><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>',
    );
    const r = await server.gql(UPDATE, { id: orgId, logo: hostile }, { token: tokens.admin });
    const url: string = r.data?.updateOrganization.logo;
    expect(url).toMatch(new RegExp(`^/api/images/organizations/${orgId}/[0-9a-f]{20}\\.svg$`));
    const served = await fetchLogo(url, tokens.reader);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    const text = await served.text();
    expect(text).toContain('<rect width="10" height="10" fill="#0a6"></rect>');
    expect(text).toContain('<circle r="2"></circle>');
    expect(text).not.toMatch(/script|onclick|tracker|javascript|@import|foreignObject|<a\b/);
    expect((await fetchLogo(url, tokens.rival)).status).toBe(404);
    expect((await fetchLogo(url)).status).toBe(401);
  });

  it('replaces the logo with a PNG, then removes it', async () => {
    const before: string = (await server.gql(READ, { o: orgId }, { token: tokens.admin })).data?.organizationById.logo;
    const png = await server.gql(UPDATE, { id: orgId, logo: `data:image/png;base64,${PNG.toString('base64')}` }, { token: tokens.admin });
    expect(png.data?.updateOrganization.logo).toMatch(/\.png$/);
    expect((await fetchLogo(before, tokens.admin)).status).toBe(404);
    const removed = await server.gql(UPDATE, { id: orgId, logo: '' }, { token: tokens.admin });
    expect(removed.data?.updateOrganization.logo).toBeNull();
  });
});

describe('organizationStats', () => {
  it('counts the organization for those who see its settings page, and refuses the others', async () => {
    expect((await server.gql(STATS, {}, { token: tokens.reader })).data?.organizationStats).toEqual({
      installationCount: 1,
      userCount: 3,
      padCount: 0,
      deviceAtmosphereCount: 0,
      totalDeviceCount: 0,
    });
    expect((await server.gql(STATS, {}, { token: tokens.rival })).data?.organizationStats).toMatchObject({ installationCount: 0, userCount: 1 });
    expect(errorCode(await server.gql(STATS, {}, { token: tokens.hidden }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(STATS))).toBe('UNAUTHENTICATED');
  });
});
