import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createAcmeAndRival, createSite, createUser } from '../test/factories.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { errorCode, startTestServer } from '../test/testServer.ts';
import { uploadSalesFile, xlsxOf } from '../modules/sales/salesUpload.test-support.ts';
import { xlsxBomb } from './zipBombs.test-support.ts';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let tokens: Record<'attacker' | 'other', string>;
const MB = 1024 * 1024;

beforeAll(async () => {
  database = await openTestDatabase();
  const { org, rival } = await createAcmeAndRival(database);
  await createUser(database, { email: 'importer@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'someone@rival.test', organizationIds: [rival.id], role: 'admin' });
  await createSite(database, org.id, { name: 'Lyon', timezone: 'Europe/Paris' });
  server = await startTestServer(database);
  tokens = await server.signInAll({ attacker: 'importer@acme.test', other: 'someone@rival.test' });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const limitOf = (r: Awaited<ReturnType<typeof uploadSalesFile>>) => ({ code: errorCode(r), reason: r.errors?.[0]?.extensions?.reason, limit: r.errors?.[0]?.extensions?.limit });

describe('spreadsheet bombs (issue 28)', () => {
  it('refuses each kind, sent at once, with the file error and its limit, while another organization is served', async () => {
    const bombs = {
      // 1.5 GB of shared strings in 1.5 MB, the size declared: refused from the central directory.
      declared: xlsxBomb('declared', 1536 * MB),
      // The same declared as 1 KB: refused once 1 KB has been counted.
      lying: xlsxBomb('lying', 1536 * MB),
      // Within every declared size: refused by the count of strings, then of cells.
      strings: xlsxBomb('strings', 40 * MB),
      cells: xlsxBomb('cells', 40 * MB),
    };
    for (const bytes of Object.values(bombs)) expect(bytes.length).toBeLessThan(10 * MB);
    const sent = Object.entries(bombs).map(async ([kind, bytes]) => [kind, limitOf(await uploadSalesFile(server.base, tokens.attacker, { name: `${kind}.xlsx`, bytes }))] as const);
    // Meanwhile another organization's user is answered.
    const other = await server.gql('{ me { email } }', {}, { token: tokens.other });
    expect(other.data?.me.email).toBe('someone@rival.test');
    expect(Object.fromEntries(await Promise.all(sent))).toEqual({
      declared: { code: 'PROCESSING_FAILED', reason: 'limits', limit: 'uncompressed' },
      lying: { code: 'PROCESSING_FAILED', reason: 'limits', limit: 'uncompressed' },
      strings: { code: 'PROCESSING_FAILED', reason: 'limits', limit: 'sharedStrings' },
      cells: { code: 'PROCESSING_FAILED', reason: 'limits', limit: 'cells' },
    });
    // The server is still there, and a real workbook still imports.
    const good = await uploadSalesFile(server.base, tokens.attacker, { name: 'ok.xlsx', bytes: await xlsxOf([['R-1', '2026-03-01T10:05:00+01:00', 'NOPE', 1, 1, 'EUR']]) });
    expect(good.errors?.[0]?.extensions?.errors).toEqual([{ row: 1, column: 'C', code: 'unknownShop' }]);
  });

  it('guards images too: a picture declaring 60,000 × 60,000 pixels is refused from its header; an SVG logo is sanitized in the sandbox', async () => {
    const ihdr = Buffer.alloc(25);
    ihdr.writeUInt32BE(13, 0);
    ihdr.write('IHDR', 4, 'latin1');
    ihdr.writeUInt32BE(60_000, 8);
    ihdr.writeUInt32BE(60_000, 12);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
    const picture = await server.gql('mutation($p:String){ updateUserProfile(profile:{ picture: $p }) { picture } }', { p: `data:image/png;base64,${png.toString('base64')}` }, { token: tokens.attacker });
    expect(picture.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'picture', reason: 'errors.imageTooManyPixels' });
    const me = await server.gql('{ me { organizationIds } }', {}, { token: tokens.attacker });
    const orgId = me.data?.me.organizationIds[0];
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="2"/></svg>');
    const logo = await server.gql('mutation($id:Int!,$l:String){ updateOrganization(id:$id, logo:$l) { logo } }', { id: orgId, l: `data:image/svg+xml;base64,${svg.toString('base64')}` }, { token: tokens.attacker });
    expect(logo.errors).toBeUndefined();
    const stored = await fetch(`${server.base}${logo.data?.updateOrganization.logo}`, { headers: { authorization: `Bearer ${tokens.attacker}` } });
    expect(await stored.text()).not.toMatch(/script|onload/);
  });

  it('answers a damaged package as unreadable, not as a crash', async () => {
    const bomb = xlsxBomb('declared', 2 * MB);
    // The central directory cut off.
    const r = await uploadSalesFile(server.base, tokens.attacker, { name: 'cut.xlsx', bytes: bomb.subarray(0, bomb.length - 30) });
    expect(limitOf(r)).toEqual({ code: 'PROCESSING_FAILED', reason: 'unreadable', limit: undefined });
  });
});

describe('a multipart request from no one', () => {
  /** Sends the head of a multipart body and keeps the rest back; the answer if one comes while the body is unfinished. */
  async function answerBeforeBodyEnds(authorization: string | null, waitMs = 3000): Promise<{ status: number; body: any } | 'no answer'> {
    const boundary = 'sitelensboundary';
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="operations"\r\n\r\n{"query":"mutation { logout }"}\r\n--${boundary}\r\ncontent-disposition: form-data; name="0"; filename="big.csv"\r\n\r\n${'a'.repeat(64 * 1024)}`;
    const { request } = await import('node:http');
    return new Promise((resolve, reject) => {
      const req = request(`${server.base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(9 * MB), ...(authorization ? { authorization } : {}) },
      });
      const timer = setTimeout(() => (req.destroy(), resolve('no answer')), waitMs);
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => (clearTimeout(timer), req.destroy(), resolve({ status: res.statusCode!, body: JSON.parse(text) })));
      });
      req.on('error', (error) => (clearTimeout(timer), (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
      req.write(head);
    });
  }

  it('is answered UNAUTHENTICATED before its body is read; a signed-in one is read', async () => {
    expect(await answerBeforeBodyEnds(null)).toEqual({ status: 200, body: { errors: [{ message: 'UNAUTHENTICATED', extensions: { code: 'UNAUTHENTICATED' } }] } });
    expect(await answerBeforeBodyEnds('Bearer not-a-token')).toMatchObject({ body: { errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] } });
    // Signed in, the server waits for the 9 MB it was told of.
    expect(await answerBeforeBodyEnds(`Bearer ${tokens.attacker}`, 1000)).toBe('no answer');
    // And the file of someone signed in is imported as before.
    const done = await uploadSalesFile(server.base, tokens.attacker, { name: 's.csv', bytes: 'not,a,sales,file\r\n' });
    expect(errorCode(done)).not.toBe('UNAUTHENTICATED');
  });
});
