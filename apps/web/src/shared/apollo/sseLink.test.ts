import { gql, type FetchResult } from '@apollo/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApolloClient, type SessionBridge } from './createApolloClient.ts';
import { startLiveServer, until, type LiveServer } from '../../../test-support/liveTestServer.ts';
import { SSE_LISTENERS, type SseListeners } from './sseLink.ts';

// The web app's Apollo client against the real server (Fastify + Yoga) over real HTTP.

const LIVE = gql`
  subscription Live($id: Int!) {
    liveReadings(installationId: $id, metrics: ["visitorsIn"]) {
      targetId
      value
    }
  }
`;

let server: LiveServer;
const open = () => server.openStreams();
let ids: LiveServer['ids'];

beforeAll(async () => {
  server = await startLiveServer();
  ids = server.ids;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

function session(token: string | null, overrides: Partial<SessionBridge> = {}): SessionBridge {
  return { getToken: () => token, isExpired: () => false, renew: vi.fn(async () => null), invalidate: vi.fn(), ...overrides };
}

/** Subscribes through the client and records what arrives and when the stream (re)connects. */
function watch(client: ReturnType<typeof createApolloClient>) {
  const results: FetchResult[] = [];
  const errors: unknown[] = [];
  const connections: boolean[] = [];
  const listeners: SseListeners = { connected: (again) => connections.push(again) };
  const subscription = client
    .subscribe({ query: LIVE, variables: { id: ids.site }, context: { [SSE_LISTENERS]: listeners } })
    .subscribe({ next: (r) => results.push(r), error: (e: unknown) => errors.push(e) });
  return { results, errors, connections, subscription };
}

describe('subscriptions over server-sent events', () => {
  it('receives the readings the server pushes, sent with the session’s bearer token', async () => {
    const client = createApolloClient(session(await server.signIn()), { uri: `${server.base}/graphql` });
    const watched = watch(client);
    await until(() => watched.connections.length === 1 && open() === 1);
    server.publish([{ value: 800, metric: 'co2' }]);
    server.publish([{ value: 4 }]);
    await until(() => watched.results.length === 1);
    expect(watched.results[0]!.data).toEqual({ liveReadings: [{ __typename: 'LiveReading', targetId: ids.zone, value: 4 }] });
    expect(watched.errors).toEqual([]);
    watched.subscription.unsubscribe();
  });

  it('is refused without a session, like a query', async () => {
    const bridge = session(null);
    const watched = watch(createApolloClient(bridge, { uri: `${server.base}/graphql` }));
    await until(() => watched.errors.length === 1);
    expect(String(watched.errors[0])).toMatch(/UNAUTHENTICATED|not signed in|authori/i);
    expect(bridge.invalidate).toHaveBeenCalled();
  });

  it('closes the stream on the server when unsubscribed', async () => {
    await until(() => open() === 0);
    const watched = watch(createApolloClient(session(await server.signIn()), { uri: `${server.base}/graphql` }));
    await until(() => open() === 1 && watched.connections.length === 1);
    watched.subscription.unsubscribe();
    await until(() => open() === 0);
  });

  it('reconnects after the connection drops, with backoff and a renewed token, and goes on receiving', async () => {
    let token = await server.signIn();
    let expired = false;
    const renew = vi.fn(async () => {
      token = await server.signIn();
      expired = false;
      return token;
    });
    const waits: number[] = [];
    const retryWait = async (retries: number) => void waits.push(retries);
    const bridge = session(null, { getToken: () => token, isExpired: () => expired, renew });
    const watched = watch(createApolloClient(bridge, { uri: `${server.base}/graphql`, retryWait }));
    await until(() => watched.connections.length === 1 && open() === 1);

    expired = true;
    server.dropConnections();
    await until(() => watched.connections.length === 2 && open() === 1);
    expect(watched.connections).toEqual([false, true]);
    expect(waits).toEqual([0]);
    expect(renew).toHaveBeenCalledTimes(1);

    server.publish([{ value: 9 }]);
    await until(() => watched.results.length === 1);
    expect(watched.results[0]!.data?.liveReadings[0].value).toBe(9);
    expect(watched.errors).toEqual([]);
    watched.subscription.unsubscribe();
    await until(() => open() === 0);
  });
});
