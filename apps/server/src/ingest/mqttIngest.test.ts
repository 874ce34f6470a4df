import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { createOrganization, createSite, createUser } from '../test/factories.ts';
import { startTestServer } from '../test/testServer.ts';
import { startMqttIngest } from './mqttIngest.ts';

// The machine's Mosquitto (CI starts one); a unique root keeps runs and other listeners apart.
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const ROOT = `sitelens-test-${randomBytes(6).toString('hex')}`;
const NOW = new Date('2026-11-21T12:00:00Z');
const SERVER = { url: BROKER, root: ROOT, clientId: `${ROOT}-server`, sessionExpirySeconds: 60, now: () => NOW };

let database: Database;
let ingest: ReturnType<typeof startMqttIngest>;
let device: mqtt.MqttClient;
let secret = '';
let prefix = '';
let zoneId = 0;
const replies: unknown[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
  zoneId = (await createSite(database, org.id)).top.id;
  const server = await startTestServer(database);
  const created = await server.gql('mutation { createApiKey(name: "MQTT gateway") { secret apiKey { prefix } } }', {}, { token: await server.signIn('ops@acme.test') });
  await server.close();
  ({ secret, apiKey: { prefix } } = created.data!.createApiKey);

  ingest = startMqttIngest({ database }, SERVER);
  await within(5000, ingest.ready, `no MQTT broker at ${BROKER}`);
  device = await mqtt.connectAsync(BROKER, { clientId: `${ROOT}-device` });
  await device.subscribeAsync(`${ROOT}/${prefix}/rejected`, { qos: 1 });
  device.on('message', (_topic, payload) => replies.push(JSON.parse(payload.toString())));
});

afterAll(async () => {
  await device?.endAsync();
  await ingest?.stop();
  await database?.close();
});

function within<T>(ms: number, promise: Promise<T>, message: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(message)), ms))]);
}

/** Polls (bounded) until check returns a value, as a user waiting for the dashboard would. */
async function eventually<T>(check: () => Promise<T | null>, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const reading = (time: string, value: unknown) => ({ target: { kind: 'zone', id: zoneId }, metric: 'visitorsIn', time, value });

async function storedValue(time: string): Promise<number | null> {
  const { rows } = await database.sql.query<{ value: number }>('select value from readings where target_id = $1 and ts = $2', [zoneId, time]);
  return rows[0]?.value ?? null;
}

describe('MQTT ingest', () => {
  it('stores readings published on {root}/{prefix}/readings, and a re-sent one replaces itself', async () => {
    const topic = `${ROOT}/${prefix}/readings`;
    await device.publishAsync(topic, JSON.stringify({ key: secret, readings: [reading('2026-11-21T10:00:00+01:00', 4)] }), { qos: 1 });
    expect(await eventually(() => storedValue('2026-11-21T09:00:00Z'))).toBe(4);
    await device.publishAsync(topic, JSON.stringify({ key: secret, ...reading('2026-11-21T09:00:00Z', 6) }), { qos: 1 });
    expect(await eventually(async () => ((await storedValue('2026-11-21T09:00:00Z')) === 6 ? 6 : null))).toBe(6);
    const { rows } = await database.sql.query('select count(*)::int as n from readings where target_id = $1', [zoneId]);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('publishes rejected lines back on {root}/{prefix}/rejected and keeps the good ones', async () => {
    const batch = [reading('2026-11-21T10:15:00Z', 2), reading('2026-11-21T10:30:00', 1), reading('2026-11-21T10:45:00Z', 'Infinity'), reading('2030-01-01T00:00:00Z', 1)];
    await device.publishAsync(`${ROOT}/${prefix}/readings`, JSON.stringify({ key: secret, id: 'batch-7', readings: batch }), { qos: 1 });
    const reply = await eventually(async () => replies.find((r) => (r as { id?: string }).id === 'batch-7') ?? null);
    expect(reply).toEqual({
      id: 'batch-7',
      accepted: 1,
      rejected: [
        { line: 2, reason: 'invalidTime' },
        { line: 3, reason: 'nonFiniteValue' },
        { line: 4, reason: 'futureTime' },
      ],
    });
    expect(await storedValue('2026-11-21T10:15:00Z')).toBe(2);
  });

  it('refuses an unknown key, or a key used under another prefix, and stores nothing', async () => {
    await device.publishAsync(`${ROOT}/${prefix}/readings`, JSON.stringify({ key: 'sk_live_forged', id: 'forged', ...reading('2026-11-21T11:00:00Z', 9) }), { qos: 1 });
    expect(await eventually(async () => replies.find((r) => (r as { id?: string }).id === 'forged') ?? null)).toEqual({ id: 'forged', error: 'invalidApiKey' });
    await device.publishAsync(`${ROOT}/someoneElse/readings`, JSON.stringify({ key: secret, ...reading('2026-11-21T11:00:00Z', 9) }), { qos: 1 });
    await device.publishAsync(`${ROOT}/${prefix}/readings`, '{ not json', { qos: 1 });
    expect(await eventually(async () => replies.find((r) => (r as { error?: string }).error === 'invalidBody') ?? null)).toEqual({ error: 'invalidBody' });
    // Messages are handled in order, so the misplaced key's message was refused before this reply.
    expect(await storedValue('2026-11-21T11:00:00Z')).toBeNull();
  });

  it('keeps messages while the server is away, and gets again one whose write failed', async () => {
    await ingest.stop();
    await device.publishAsync(`${ROOT}/${prefix}/readings`, JSON.stringify({ key: secret, ...reading('2026-11-21T08:00:00Z', 3) }), { qos: 1 });
    let failures = 1;
    const errors: string[] = [];
    const flaky: Database = {
      ...database,
      sql: { query: (text, params) => (failures-- > 0 ? Promise.reject(new Error('database unavailable')) : database.sql.query(text, params)) },
    };
    ingest = startMqttIngest({ database: flaky }, { ...SERVER, log: { info: () => undefined, error: (_e, msg) => errors.push(msg ?? '') } });
    await ingest.ready;
    expect(await eventually(() => storedValue('2026-11-21T08:00:00Z'))).toBe(3);
    expect(errors[0]).toBe('mqtt ingest failed; the message will be delivered again');
  });
});
