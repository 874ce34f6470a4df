import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { createOrganization, createSite, createUser } from '../test/factories.ts';
import { startTestServer } from '../test/testServer.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const RETAIL = `query($input: RetailDataInput!) { retailData(input: $input) { series { points { value } } } }`;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
let key = '';
const ids = { site: 0, zone: 0, door: 0, otherZone: 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const other = await createOrganization(database, 'Rival Retail');
  await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
  const site = await createSite(database, org.id, { timezone: 'Europe/Paris' });
  const rival = await createSite(database, other.id);
  Object.assign(ids, { site: site.site.id, zone: site.top.id, door: site.door.id, otherZone: rival.top.id });
  server = await startTestServer(database, {}, { now: () => NOW });
  token = await server.signIn('ops@acme.test');
  const created = await server.gql('mutation { createApiKey(name: "Gateway") { secret } }', {}, { token });
  key = created.data?.createApiKey.secret;
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const reading = (time: string, value: unknown, extra: Record<string, unknown> = {}) => ({ target: { kind: 'zone', id: ids.zone }, metric: 'visitorsIn', time, value, ...extra });

async function ingest(body: string, type = 'application/json', headers: Record<string, string> = { authorization: `Bearer ${key}` }) {
  const res = await fetch(`${server.base}/api/ingest`, { method: 'POST', headers: { 'content-type': type, ...headers }, body });
  return { status: res.status, body: (await res.json()) as any };
}

/** What a user sees: the zone's visitorsIn total (or one breakdown) over [from, to). */
async function visitors(from: string, to: string, breakdown?: { type: string; values: string[] }) {
  const conditions: unknown[] = [{ type: 'date', dateBegin: from, dateEnd: to }, ...(breakdown ? [breakdown] : [])];
  const input = { installationId: ids.site, metric: 'visitorsIn', groupBy: { type: 'all' }, target: { kind: 'zone', ids: [ids.zone] }, filters: { conditions } };
  const r = await server.gql(RETAIL, { input }, { token });
  return r.data?.retailData.series[0]?.points[0]?.value ?? null;
}

describe('POST /api/ingest', () => {
  it('stores a JSON batch and the readings show in retailData, breakdowns included', async () => {
    const batch = [reading('2026-11-21T09:00:00+01:00', 5), reading('2026-11-21T09:00:00+01:00', 2, { breakdown: { gender: 'FEMALE' } })];
    expect(await ingest(JSON.stringify(batch))).toEqual({ status: 200, body: { accepted: 2, rejected: [] } });
    expect(await visitors('2026-11-21T08:00:00Z', '2026-11-21T09:00:00Z')).toBe(5);
    expect(await visitors('2026-11-21T08:00:00Z', '2026-11-21T09:00:00Z', { type: 'gender', values: ['FEMALE'] })).toBe(2);
  });

  it('takes { readings } with an X-Api-Key header, on a passage too', async () => {
    const door = { target: { kind: 'passage', id: ids.door }, metric: 'visitorsIn', time: '2026-11-21T09:15:00Z', value: 4 };
    const r = await ingest(JSON.stringify({ readings: [door] }), 'application/json; charset=utf-8', { 'x-api-key': key });
    expect(r).toEqual({ status: 200, body: { accepted: 1, rejected: [] } });
  });

  it('rejects bad NDJSON lines with their number and reason, and keeps the good ones', async () => {
    const lines = [
      JSON.stringify(reading('2026-11-21T10:00:00Z', 3)),
      'this is not json',
      JSON.stringify(reading('2026-11-21T11:00:00', 1)),
      '',
      JSON.stringify(reading('2026-11-21T10:15:00Z', 'Infinity')),
      `{"target":{"kind":"zone","id":${ids.zone}},"metric":"visitorsIn","time":"2026-11-21T10:30:00Z","value":NaN}`,
      JSON.stringify(reading('2026-11-22T12:00:00Z', 1)),
      JSON.stringify(reading('2026-11-21T10:30:00Z', 'NaN')),
      JSON.stringify({ ...reading('2026-11-21T10:30:00Z', 1), metric: 'co2', target: { kind: 'passage', id: ids.door } }),
      JSON.stringify(reading('2026-11-21T10:45:00+01:00', 4)),
      JSON.stringify(reading('2026-11-21T10:45:00Z', 6)),
    ];
    const r = await ingest(`${lines.join('\n')}\n`, 'application/x-ndjson');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      accepted: 3,
      rejected: [
        { line: 2, reason: 'invalidJson' },
        { line: 3, reason: 'invalidTime' },
        { line: 5, reason: 'nonFiniteValue' },
        { line: 6, reason: 'invalidJson' },
        { line: 7, reason: 'futureTime' },
        { line: 8, reason: 'nonFiniteValue' },
        { line: 9, reason: 'wrongTarget' },
      ],
    });
    // 10:45+01:00 = 09:45Z joins the first hour; 10:00Z and 10:45Z make the second.
    expect(await visitors('2026-11-21T09:00:00Z', '2026-11-21T10:00:00Z')).toBe(4);
    expect(await visitors('2026-11-21T10:00:00Z', '2026-11-21T11:00:00Z')).toBe(9);
  });

  it('replaces a re-sent reading instead of counting it twice', async () => {
    const first = await ingest(JSON.stringify([reading('2026-11-20T15:00:00Z', 8)]));
    const again = await ingest(JSON.stringify([reading('2026-11-20T16:00:00+01:00', 8)]));
    const corrected = await ingest(JSON.stringify([reading('2026-11-20T15:00:00.000Z', 7)]));
    expect([first.body.accepted, again.body.accepted, corrected.body.accepted]).toEqual([1, 1, 1]);
    expect(await visitors('2026-11-20T00:00:00Z', '2026-11-21T00:00:00Z')).toBe(7);
    const { rows } = await database.sql.query(`select value from readings where target_id = $1 and ts = '2026-11-20T15:00:00Z'`, [ids.zone]);
    expect(rows).toEqual([{ value: 7 }]);
  });

  it('refuses targets that do not exist or belong to another organization', async () => {
    const batch = [
      reading('2026-11-19T10:00:00Z', 1, { target: { kind: 'zone', id: ids.otherZone } }),
      reading('2026-11-19T10:00:00Z', 1, { target: { kind: 'zone', id: 999_999 } }),
      reading('2026-11-19T10:00:00Z', 1, { target: { kind: 'device', id: ids.door }, metric: 'co2' }),
      reading('2026-11-19T10:00:00Z', 2),
    ];
    const r = await ingest(JSON.stringify(batch));
    expect(r.body).toEqual({
      accepted: 1,
      rejected: [1, 2, 3].map((line) => ({ line, reason: 'unknownTarget' })),
    });
    const { rows } = await database.sql.query('select count(*)::int as n from readings where target_id = $1', [ids.otherZone]);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('refuses a value outside the metric’s range on its own line, keeps the good one, and the hour stays readable', async () => {
    // Two readings of 1.5e308 in one hour used to overflow the hourly sum and fail the whole batch.
    const first = await ingest(JSON.stringify([reading('2026-11-17T10:00:00Z', 1.5e308), reading('2026-11-17T10:15:00Z', 2)]));
    expect(first).toEqual({ status: 200, body: { accepted: 1, rejected: [{ line: 1, reason: 'outOfRange' }] } });
    const second = await ingest(JSON.stringify([reading('2026-11-17T10:30:00Z', 3), reading('2026-11-17T10:45:00Z', 1.5e308)]));
    expect(second).toEqual({ status: 200, body: { accepted: 1, rejected: [{ line: 2, reason: 'outOfRange' }] } });
    const humid = { target: { kind: 'zone', id: ids.zone }, metric: 'humidity', time: '2026-11-17T10:00:00Z', value: 140 };
    expect((await ingest(JSON.stringify([humid]))).body.rejected).toEqual([{ line: 1, reason: 'outOfRange' }]);
    expect(await visitors('2026-11-17T10:00:00Z', '2026-11-17T11:00:00Z')).toBe(5);
  });

  it('answers 401 without a valid key, and stores nothing', async () => {
    const body = JSON.stringify([reading('2026-11-18T10:00:00Z', 1)]);
    expect(await ingest(body, 'application/json', {})).toEqual({ status: 401, body: { error: 'invalidApiKey' } });
    expect(await ingest(body, 'application/json', { authorization: 'Bearer sk_live_forged' })).toEqual({ status: 401, body: { error: 'invalidApiKey' } });
    expect(await ingest(body, 'application/json', { authorization: token })).toEqual({ status: 401, body: { error: 'invalidApiKey' } });
    expect(await visitors('2026-11-18T00:00:00Z', '2026-11-19T00:00:00Z')).toBeNull();
  });

  it('answers 400 for an unreadable body and 413 beyond 10,000 readings or 5 MB', async () => {
    expect(await ingest('[{"target":', 'application/json')).toEqual({ status: 400, body: { error: 'invalidBody' } });
    expect(await ingest('{"rows": []}', 'application/json')).toEqual({ status: 400, body: { error: 'invalidBody' } });
    const many = Array.from({ length: 10_001 }, () => JSON.stringify(reading('2026-11-18T10:00:00Z', 1))).join('\n');
    expect(await ingest(many, 'application/x-ndjson')).toEqual({ status: 413, body: { error: 'tooManyReadings' } });
    const huge = JSON.stringify([reading('2026-11-18T10:00:00Z', 1, { padding: 'x'.repeat(5 * 1024 * 1024) })]);
    expect(await ingest(huge)).toEqual({ status: 413, body: { error: 'payloadTooLarge' } });
    expect((await ingest('hello', 'text/plain')).status).toBe(415);
    expect(await visitors('2026-11-18T00:00:00Z', '2026-11-19T00:00:00Z')).toBeNull();
  });

  it('records when the key was last used', async () => {
    const r = await server.gql('{ apiKeys { lastUsedAt } }', {}, { token });
    expect(r.data?.apiKeys).toEqual([{ lastUsedAt: NOW.toISOString() }]);
  });
});
