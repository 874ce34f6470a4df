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

  it('answers a damaged package as unreadable, not as a crash', async () => {
    const bomb = xlsxBomb('declared', 2 * MB);
    // The central directory cut off.
    const r = await uploadSalesFile(server.base, tokens.attacker, { name: 'cut.xlsx', bytes: bomb.subarray(0, bomb.length - 30) });
    expect(limitOf(r)).toEqual({ code: 'PROCESSING_FAILED', reason: 'unreadable', limit: undefined });
  });
});
