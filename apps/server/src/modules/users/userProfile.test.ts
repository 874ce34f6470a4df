import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { userOrganizations, users } from '../../composition/tables.ts';
import { createAcmeAndRival, createProfile, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

const UPDATE = `mutation($p: UserProfileInput!){ updateUserProfile(profile:$p){
  firstName lastName email phone isPhoneVerified isEmailVerified picture theme timezone } }`;
const ME = '{ me { id email phone isPhoneVerified isEmailVerified otpContact picture customLinks { text url iconSrc openOutside } } }';
const LINKS = 'mutation($u:Int!,$l:[CustomLinkInput!]!){ updateUserCustomLinks(userId:$u, customLinks:$l){ id customLinks { text url iconSrc openOutside } } }';

// A 1x1 PNG, a tiny JPEG header and WebP header: the bytes decide the type, not the label.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let dataDir: string;
let tokens: Record<'lea' | 'admin' | 'viewer' | 'rival', string>;
const ids = { lea: 0, viewer: 0, rival: 0 };

const setUser = (id: number, values: Partial<typeof users.$inferInsert>) => database.db.update(users).set(values).where(eq(users.id, id));
const fetchImage = (path: string, token?: string) => fetch(`${server.base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'sitelens-profile-'));
  const { org, rival } = await createAcmeAndRival(database);
  const staff = await createProfile(database, org.id, { organization: { user: { read: true, edit: false } } }, 'Staff');
  ids.lea = (await createUser(database, { email: 'lea@acme.test', organizationIds: [org.id], profileId: staff.id })).id;
  ids.viewer = (await createUser(database, { email: 'viewer@acme.test', organizationIds: [org.id], profileId: staff.id })).id;
  await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  ids.rival = (await createUser(database, { email: 'staff@rival.test', organizationIds: [rival.id] })).id;
  server = await startTestServer(database, { DATA_DIR: dataDir });
  tokens = await server.signInAll({ lea: 'lea@acme.test', admin: 'admin@acme.test', viewer: 'viewer@acme.test', rival: 'staff@rival.test' });
});

afterAll(async () => {
  await server.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('updateUserProfile: contacts', () => {
  beforeEach(async () => {
    await setUser(ids.lea, { phone: '+41791234567', isPhoneVerified: true, email: 'lea@acme.test', isEmailVerified: true, otpContact: null });
  });

  it('takes the same phone in any spelling, and refuses a new one here (requestPhoneChange confirms it: contactChange.test.ts)', async () => {
    const same = await server.gql(UPDATE, { p: { phone: '+41 79 123 45 67' } }, { token: tokens.lea });
    expect(same.data?.updateUserProfile).toMatchObject({ phone: '+41791234567', isPhoneVerified: true });
    for (const phone of ['+33 6 12 34 56 78', '']) {
      const changed = await server.gql(UPDATE, { p: { phone } }, { token: tokens.lea });
      expect(changed.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'phone', reason: 'errors.phoneChangeNeedsConfirmation' });
    }
    expect((await server.gql(ME, {}, { token: tokens.lea })).data?.me).toMatchObject({ phone: '+41791234567', isPhoneVerified: true });
  });

  it.each(['0791234567', '+4179123', '+8613800138000', 'call me'])('refuses the phone %j and keeps the stored one', async (phone) => {
    const r = await server.gql(UPDATE, { p: { phone, firstName: 'Changed' } }, { token: tokens.lea });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'phone', reason: 'errors.invalidPhone' });
    expect((await server.gql(ME, {}, { token: tokens.lea })).data?.me).toMatchObject({ phone: '+41791234567', isPhoneVerified: true });
    expect((await server.gql('{ me { firstName } }', {}, { token: tokens.lea })).data?.me.firstName).toBe('Alex');
  });

  it('takes the same e-mail in any case, and refuses a new or invalid one here (requestEmailChange confirms it)', async () => {
    expect((await server.gql(UPDATE, { p: { email: ' LEA@Acme.test ' } }, { token: tokens.lea })).data?.updateUserProfile).toMatchObject({ email: 'lea@acme.test', isEmailVerified: true });
    const changed = await server.gql(UPDATE, { p: { email: 'lea.martin@acme.test' } }, { token: tokens.lea });
    expect(changed.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email', reason: 'errors.emailChangeNeedsConfirmation' });
    const invalid = await server.gql(UPDATE, { p: { email: 'lea@' } }, { token: tokens.lea });
    expect(invalid.errors?.[0]?.extensions).toMatchObject({ field: 'email', reason: 'errors.invalidEmail' });
    expect((await server.gql(ME, {}, { token: tokens.lea })).data?.me.email).toBe('lea@acme.test');
  });

  it('saves the theme and time zone, refusing unknown ones', async () => {
    expect((await server.gql(UPDATE, { p: { theme: 'DARK', timezone: 'Asia/Kolkata' } }, { token: tokens.lea })).data?.updateUserProfile).toMatchObject({
      theme: 'DARK',
      timezone: 'Asia/Kolkata',
    });
    expect((await server.gql(UPDATE, { p: { theme: 'PINK' } }, { token: tokens.lea })).errors?.[0]?.extensions?.field).toBe('theme');
    expect((await server.gql(UPDATE, { p: { timezone: '' } }, { token: tokens.lea })).data?.updateUserProfile.timezone).toBeNull();
  });

  it('needs a signed-in caller', async () => {
    expect(errorCode(await server.gql(UPDATE, { p: { firstName: 'Eve' } }))).toBe('UNAUTHENTICATED');
  });
});

describe('updateUserProfile: picture', () => {
  it('stores the picture in the blob store and serves it to members of the organization only', async () => {
    const r = await server.gql(UPDATE, { p: { picture: dataUrl(PNG) } }, { token: tokens.lea });
    const url: string = r.data?.updateUserProfile.picture;
    expect(url).toMatch(new RegExp(`^/api/images/users/${ids.lea}/[0-9a-f]{20}\\.png$`));
    const own = await fetchImage(url, tokens.lea);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await own.arrayBuffer())).toEqual(PNG);
    expect((await fetchImage(url, tokens.viewer)).status).toBe(200);
    expect((await fetchImage(url, tokens.rival)).status).toBe(404);
    expect((await fetchImage(url)).status).toBe(401);
    expect((await fetchImage(url.replace(/\/[0-9a-f]+\.png$/, '/0123456789abcdef0123.png'), tokens.lea)).status).toBe(404);

    const removed = await server.gql(UPDATE, { p: { picture: '' } }, { token: tokens.lea });
    expect(removed.data?.updateUserProfile.picture).toBeNull();
    expect((await fetchImage(url, tokens.lea)).status).toBe(404);
  });

  it.each([
    ['a file over 1 MB', () => dataUrl(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)])), 'errors.imageTooBig'],
    ['an SVG', () => dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'), 'errors.imageType'],
    ['a PDF labelled PNG', () => dataUrl(Buffer.from('%PDF-1.7\n%âãÏÓ\n')), 'errors.imageType'],
    ['text that is no data URL', () => 'https://evil.example/me.png', 'errors.imageInvalid'],
  ])('refuses %s (%s)', async (_name, picture, reason) => {
    const r = await server.gql(UPDATE, { p: { picture: picture(), firstName: 'Changed' } }, { token: tokens.lea });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'picture', reason });
    expect((await server.gql('{ me { firstName picture } }', {}, { token: tokens.lea })).data?.me).toEqual({ firstName: 'Alex', picture: null });
  });
});

describe('updateUserCustomLinks', () => {
  const intranet = { text: ' Intranet ', url: 'https://intranet.acme.test/', iconSrc: 'book', openOutside: true };

  it('lets an administrator set the links of a member, who then reads them', async () => {
    const r = await server.gql(LINKS, { u: ids.viewer, l: [intranet, { text: 'Wiki', url: 'http://wiki.acme.test' }] }, { token: tokens.admin });
    expect(r.errors).toBeUndefined();
    expect((await server.gql(ME, {}, { token: tokens.viewer })).data?.me.customLinks).toEqual([
      { text: 'Intranet', url: 'https://intranet.acme.test/', iconSrc: 'book', openOutside: true },
      { text: 'Wiki', url: 'http://wiki.acme.test', iconSrc: null, openOutside: false },
    ]);
  });

  it('refuses members without organization.user edit (even for themselves), other organizations and bad links', async () => {
    expect(errorCode(await server.gql(LINKS, { u: ids.viewer, l: [] }, { token: tokens.lea }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(LINKS, { u: ids.viewer, l: [] }, { token: tokens.viewer }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(LINKS, { u: ids.rival, l: [] }, { token: tokens.admin }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(LINKS, { u: 999_999, l: [] }, { token: tokens.admin }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(LINKS, { u: ids.viewer, l: [] }))).toBe('UNAUTHENTICATED');
    for (const [url, field] of [['javascript:alert(1)', 'customLinks.1.url'], ['ftp://files.acme.test', 'customLinks.1.url']] as const) {
      const r = await server.gql(LINKS, { u: ids.viewer, l: [intranet, { text: 'x', url }] }, { token: tokens.admin });
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field, reason: 'errors.invalidUrl' });
    }
    const tooMany = await server.gql(LINKS, { u: ids.viewer, l: Array.from({ length: 21 }, () => intranet) }, { token: tokens.admin });
    expect(tooMany.errors?.[0]?.extensions).toMatchObject({ field: 'customLinks', reason: 'errors.tooMany' });
    expect((await server.gql(ME, {}, { token: tokens.viewer })).data?.me.customLinks).toHaveLength(2);
  });

  it('takes icons from the product’s own set only: an image address (a tracking pixel) is refused, one stored before reads as the default icon', async () => {
    for (const iconSrc of ['https://tracker.example/p.gif', 'rocket']) {
      const r = await server.gql(LINKS, { u: ids.viewer, l: [{ ...intranet, iconSrc }] }, { token: tokens.admin });
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'customLinks.0.iconSrc', reason: 'errors.invalidIcon' });
    }
    await database.db
      .update(userOrganizations)
      .set({ customLinks: [{ text: 'Old', url: 'https://old.acme.test/', iconSrc: 'https://tracker.example/p.gif', openOutside: true }] })
      .where(eq(userOrganizations.userId, ids.viewer!));
    expect((await server.gql(ME, {}, { token: tokens.viewer })).data?.me.customLinks).toEqual([{ text: 'Old', url: 'https://old.acme.test/', iconSrc: null, openOutside: true }]);
  });
});
