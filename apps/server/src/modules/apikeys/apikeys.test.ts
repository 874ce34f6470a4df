import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { createAcmeAndRival, createProfile, createSite, createUser } from '../../test/factories.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

const CREATE = 'mutation($name: String!) { createApiKey(name: $name) { secret apiKey { id name prefix createdBy revokedAt } } }';
const LIST = '{ apiKeys { id name prefix revokedAt } }';
const REVOKE = 'mutation($id: Int!) { revokeApiKey(id: $id) { id revokedAt } }';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let tokens: Record<'admin' | 'user' | 'rival', string>;
let adminId = 0;
let zoneId = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  const { org, rival } = await createAcmeAndRival(database);
  adminId = (await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' })).id;
  const profile = await createProfile(database, org.id);
  await createUser(database, { email: 'staff@acme.test', organizationIds: [org.id], profileId: profile.id });
  await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
  zoneId = (await createSite(database, org.id)).top.id;
  server = await startTestServer(database);
  tokens = await server.signInAll({ admin: 'admin@acme.test', user: 'staff@acme.test', rival: 'admin@rival.test' });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

async function ingestWith(key: string) {
  const body = JSON.stringify([{ target: { kind: 'zone', id: zoneId }, metric: 'visitorsIn', time: new Date().toISOString(), value: 1 }]);
  const res = await fetch(`${server.base}/api/ingest`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body });
  return { status: res.status, body: await res.json() };
}

describe('API keys', () => {
  it('gives an administrator the secret once; lists show only its prefix', async () => {
    const r = await server.gql(CREATE, { name: '  Door counters  ' }, { token: tokens.admin });
    const { secret, apiKey } = r.data!.createApiKey;
    expect(secret).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({ name: 'Door counters', prefix: secret.slice(8, 16), createdBy: adminId, revokedAt: null });
    const list = await server.gql(LIST, {}, { token: tokens.admin });
    expect(list.data?.apiKeys).toEqual([{ id: apiKey.id, name: 'Door counters', prefix: secret.slice(8, 16), revokedAt: null }]);
    expect(JSON.stringify(list.data)).not.toContain(secret.slice(16));
    const { rows } = await database.sql.query<{ key_hash: string }>('select key_hash from api_keys where id = $1', [apiKey.id]);
    expect(rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await ingestWith(secret)).status).toBe(200);
  });

  it('refuses a blank name', async () => {
    const r = await server.gql(CREATE, { name: '   ' }, { token: tokens.admin });
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
    expect(r.errors?.[0]?.extensions?.field).toBe('name');
  });

  it('refuses users who are not administrators, and anonymous callers', async () => {
    expect(errorCode(await server.gql(CREATE, { name: 'Mine' }, { token: tokens.user }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(LIST, {}, { token: tokens.user }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(CREATE, { name: 'Mine' }))).toBe('UNAUTHENTICATED');
    const list = await server.gql(LIST, {}, { token: tokens.admin });
    expect(list.data?.apiKeys.map((k: { name: string }) => k.name)).toEqual(['Door counters']);
  });

  it("keeps one organization's keys out of another's reach", async () => {
    const created = await server.gql(CREATE, { name: 'Atmosphere' }, { token: tokens.admin });
    const { secret, apiKey } = created.data!.createApiKey;
    expect((await server.gql(LIST, {}, { token: tokens.rival })).data?.apiKeys).toEqual([]);
    expect(errorCode(await server.gql(REVOKE, { id: apiKey.id }, { token: tokens.rival }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(REVOKE, { id: 999_999 }, { token: tokens.admin }))).toBe('NOT_FOUND');
    expect((await ingestWith(secret)).status).toBe(200);
  });

  it('stops a revoked key at once, and revoking twice keeps the first time', async () => {
    const created = await server.gql(CREATE, { name: 'Old gateway' }, { token: tokens.admin });
    const { secret, apiKey } = created.data!.createApiKey;
    const revoked = await server.gql(REVOKE, { id: apiKey.id }, { token: tokens.admin });
    expect(revoked.data?.revokeApiKey.revokedAt).toEqual(expect.any(String));
    expect(await ingestWith(secret)).toEqual({ status: 401, body: { error: 'invalidApiKey' } });
    const again = await server.gql(REVOKE, { id: apiKey.id }, { token: tokens.admin });
    expect(again.data?.revokeApiKey.revokedAt).toBe(revoked.data?.revokeApiKey.revokedAt);
    const list = await server.gql(LIST, {}, { token: tokens.admin });
    expect(list.data?.apiKeys.find((k: { id: number }) => k.id === apiKey.id).revokedAt).toBe(revoked.data?.revokeApiKey.revokedAt);
  });
});
