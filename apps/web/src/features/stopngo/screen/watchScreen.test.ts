import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../../../../server/src/composition/tables.ts';
import { startLiveServer, until, type LiveServer } from '../../../../test-support/liveTestServer.ts';
import type { ScreenDisplay } from '../graphql/stopngo.ts';
import { type ScreenLink, watchScreen } from './watchScreen.ts';

// The entrance screen's client against the real server in this process: live states, a reconnection
// after a restart, a lost link when the server stays silent, and the end when the screen is removed.

let server: LiveServer;
let token = '';
let apiKey = '';
let eventId = 0;

async function gql<T = any>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${server.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

let tick = 0;
async function ingest(metric: 'visitorsIn' | 'visitorsOut', value: number) {
  tick += 1;
  const res = await fetch(`${server.base}/api/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify([{ target: { kind: 'zone', id: server.ids.zone }, metric, time: new Date(Date.now() - 30_000 + tick).toISOString(), value }]),
  });
  expect(res.status).toBe(200);
}

async function newScreen(name: string): Promise<string> {
  const r = await gql(`mutation($input: StopNGoScreenInput!) { createStopNGoScreen(input: $input) { secret } }`, { input: { eventId, name, language: 'fr', secondLanguage: 'ar' } });
  return r.createStopNGoScreen.secret as string;
}

function watch(secret: string, staleAfterMs?: number) {
  const displays: ScreenDisplay[] = [];
  const links: ScreenLink[] = [];
  const stop = watchScreen({
    url: `${server.base}/graphql`,
    secret,
    staleAfterMs,
    retryWait: () => new Promise((r) => setTimeout(r, 100)),
    onDisplay: (d) => displays.push(d),
    onLink: (l) => links.push(l),
  });
  const last = () => displays.at(-1);
  return { displays, links, last, stop };
}

beforeAll(async () => {
  server = await startLiveServer();
  token = await server.signIn();
  const [event] = await server.database.db
    .insert(events)
    .values({ installationId: server.ids.site, name: 'Footfall', metrics: ['counting'], neverEnding: true, dateBegin: new Date('2024-01-01T00:00:00Z'), stopngoLimit: 2 })
    .returning();
  eventId = event!.id;
  apiKey = (await gql(`mutation { createApiKey(name: "door") { secret } }`)).createApiKey.secret;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('watchScreen', () => {
  it('shows GO, then STOP within 2 s of the readings that fill the site, and comes back after a server restart', async () => {
    const screen = watch(await newScreen('Door'));
    await until(() => screen.last()?.state === 'GO');
    expect(screen.last()).toMatchObject({ inside: 0, limit: 2, placesLeft: 2, language: 'fr', secondLanguage: 'ar' });
    expect(screen.links).toEqual(['live']);

    await ingest('visitorsIn', 2);
    await until(() => screen.last()?.state === 'STOP', 2000);

    await server.restart(300);
    const before = screen.displays.length;
    await until(() => screen.displays.length > before, 10_000);
    expect(screen.last()).toMatchObject({ state: 'STOP', inside: 2 });
    await ingest('visitorsOut', 1);
    await until(() => screen.last()?.state === 'GO' && screen.last()?.placesLeft === 1, 2000);
    screen.stop();
  }, 30_000);

  it('says the link is lost when no news comes, rather than keep a stale GO, and recovers', async () => {
    const screen = watch(await newScreen('Quiet door'), 1500);
    await until(() => screen.links.at(-1) === 'live');
    await server.stop();
    await until(() => screen.links.at(-1) === 'lost', 5000);
    await server.restart();
    await until(() => screen.links.at(-1) === 'live', 10_000);
    screen.stop();
  }, 30_000);

  it('ends with REMOVED when the screen is deleted, and does not reconnect', async () => {
    const secret = await newScreen('Removed door');
    const screen = watch(secret, 1500);
    await until(() => screen.last()?.state !== undefined);
    const screens = await gql(`query($e: Int!) { stopNGoScreens(eventId: $e) { id name } }`, { e: eventId });
    const id = screens.stopNGoScreens.find((s: { name: string }) => s.name === 'Removed door').id;
    await gql(`mutation($id: Int!) { deleteStopNGoScreen(id: $id) }`, { id });
    await until(() => screen.last()?.state === 'REMOVED');
    await new Promise((r) => setTimeout(r, 2000));
    expect(screen.links.at(-1)).toBe('live');
    expect(server.openStreams()).toBe(0);
    screen.stop();
  }, 30_000);
});
