import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApolloClient } from '../../shared/apollo/createApolloClient.ts';
import { startLiveServer, until, type LiveServer } from '../../../test-support/liveTestServer.ts';
import { listenLive, type LiveListener, type LiveStatus } from './liveFeed.ts';
import type { PushedReading } from './liveScope.ts';

// The live widgets' shared stream against the real server: one per site, and a way back to polling.

let server: LiveServer;
let client: ReturnType<typeof createApolloClient>;

beforeAll(async () => {
  server = await startLiveServer();
  const token = await server.signIn();
  client = createApolloClient({ getToken: () => token, isExpired: () => false, renew: async () => null, invalidate: () => {} }, { uri: `${server.base}/graphql` });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

function listener() {
  const statuses: LiveStatus[] = [];
  const batches: PushedReading[][] = [];
  const l: LiveListener = { readings: (b) => batches.push([...b]), status: (s) => statuses.push(s) };
  return { l, statuses, batches };
}

describe('live feed', () => {
  it('serves the widgets of one site over a single stream, and closes it when the last one leaves', async () => {
    const a = listener();
    const b = listener();
    const stopA = listenLive(client, server.ids.site, a.l);
    const stopB = listenLive(client, server.ids.site, b.l);
    await until(() => a.statuses.at(-1) === 'up' && b.statuses.at(-1) === 'up');
    expect(server.openStreams()).toBe(1);

    server.publish([{ value: 3 }, { value: 1, metric: 'visitorsOut', door: true }]);
    await until(() => a.batches.length === 1 && b.batches.length === 1);
    expect(a.batches[0]).toEqual([
      { __typename: 'LiveReading', targetKind: 'zone', targetId: server.ids.zone, metric: 'visitorsIn' },
      { __typename: 'LiveReading', targetKind: 'passage', targetId: server.ids.door, metric: 'visitorsOut' },
    ]);

    stopA();
    await new Promise((r) => setTimeout(r, 100));
    expect(server.openStreams()).toBe(1);
    stopB();
    await until(() => server.openStreams() === 0);
  });

  it('tells its widgets to poll when the server refuses the stream, and tries again for the next widget', async () => {
    const refused = listener();
    const stop = listenLive(client, server.ids.rivalSite, refused.l);
    await until(() => refused.statuses.at(-1) === 'failed');
    stop();

    const next = listener();
    const stopNext = listenLive(client, server.ids.site, next.l);
    await until(() => next.statuses.at(-1) === 'up');
    stopNext();
    await until(() => server.openStreams() === 0);
  });
});
