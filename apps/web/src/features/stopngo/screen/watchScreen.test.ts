import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { events, stopngoScreens } from '../../../../../server/src/composition/tables.ts';
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

  it('keeps REMOVED when the screen is deleted, checks again with a growing wait, and comes back once its address works again', async () => {
    const secret = await newScreen('Removed door');
    const waits: number[] = [];
    const displays: ScreenDisplay[] = [];
    const stop = watchScreen({
      url: `${server.base}/graphql`,
      secret,
      staleAfterMs: 1500,
      retryWait: () => new Promise((r) => setTimeout(r, 100)),
      recheckAfterMs: (checks) => (waits.push(checks), 150 * 2 ** checks),
      onDisplay: (d) => displays.push(d),
      onLink: () => {},
    });
    await until(() => displays.at(-1)?.state === 'GO');
    const digest = createHash('sha256').update(secret).digest('hex');
    const row = (await server.database.db.select().from(stopngoScreens)).find((s) => s.secretHash === digest);
    const screens = await gql(`query($e: Int!) { stopNGoScreens(eventId: $e) { id name } }`, { e: eventId });
    const id = screens.stopNGoScreens.find((s: { name: string }) => s.name === 'Removed door').id;
    await gql(`mutation($id: Int!) { deleteStopNGoScreen(id: $id) }`, { id });
    await until(() => displays.at(-1)?.state === 'REMOVED');
    // Checks again with a growing wait (0, 1, 2 … in a row), each told REMOVED again.
    await until(() => waits.length >= 3, 5000);
    expect(waits.slice(0, 3)).toEqual([0, 1, 2]);
    expect(displays.filter((d) => d.state === 'REMOVED').length).toBeGreaterThanOrEqual(3);
    // The screen is put back (a deletion undone from a backup): the door shows the figures again by itself.
    await server.database.db.insert(stopngoScreens).values(row!);
    await until(() => displays.at(-1)?.state !== 'REMOVED', 10_000);
    expect(displays.at(-1)).toMatchObject({ language: 'fr', limit: 2 });
    stop();
  }, 30_000);
});
