// Test support: the real server (Fastify + Yoga, PGlite in memory) in this process, for the web
// client's subscription tests. Not part of the app bundle (only *.test.ts import it).
import type { AddressInfo } from 'node:net';
import { createPubSub } from 'graphql-yoga';
import { expect } from 'vitest';
import { buildApp } from '../../server/src/composition/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { createBackground } from '../../server/src/composition/background.ts';
import type { LivePubSub } from '../../server/src/live/livePubSub.ts';
import { publishReadings } from '../../server/src/modules/live/publishReadings.ts';
import { loadTokenKeys } from '../../server/src/modules/auth/tokens.ts';
import { createOrganization, createSite, createUser, TEST_PASSWORD } from '../../server/src/test/factories.ts';
import { openTestDatabase } from '../../server/src/test/testDatabase.ts';

export type LiveServer = Awaited<ReturnType<typeof startLiveServer>>;

/** Waits (bounded) until the check holds, and fails the test if it never does. */
export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

/** The server's pub/sub, counting its open subscriptions: an unsubscribed client must leave none. */
function countingPubSub(counter: { open: number }): LivePubSub {
  const inner = createPubSub() as LivePubSub;
  const subscribe = (...args: Parameters<LivePubSub['subscribe']>) => {
    const iterator = inner.subscribe(...args)[Symbol.asyncIterator]();
    counter.open++;
    let closed = false;
    const close = () => {
      if (!closed) counter.open--;
      closed = true;
    };
    return {
      next: () => iterator.next(),
      return: async (value?: unknown) => (close(), iterator.return ? iterator.return(value) : { done: true as const, value: undefined }),
      throw: async (error?: unknown) => (close(), iterator.throw ? iterator.throw(error) : { done: true as const, value: undefined }),
      [Symbol.asyncIterator]() {
        return this;
      },
    } as ReturnType<LivePubSub['subscribe']>;
  };
  return { publish: inner.publish, subscribe } as LivePubSub;
}

/** A site of one organization with a signed-up user, and another organization's site. */
export async function startLiveServer() {
  const database = await openTestDatabase();
  const org = await createOrganization(database);
  const rival = await createOrganization(database, 'Rival Retail');
  const site = await createSite(database, org.id);
  const rivalSite = await createSite(database, rival.id);
  await createUser(database, { email: 'live@acme.test', organizationIds: [org.id], role: 'admin' });
  const ids = { org: org.id, site: site.site.id, zone: site.top.id, door: site.door.id, rivalSite: rivalSite.site.id };

  const counter = { open: 0 };
  const live = countingPubSub(counter);
  const config = loadConfig({ DEMO_DATA: 'off', SIMULATOR: 'off', LOG_LEVEL: 'silent' });
  const keys = await loadTokenKeys(database, undefined, 15 * 60);
  const now = () => new Date();
  const background = createBackground({ database, config, now, work: false });
  const start = async (port: number) => {
    const started = await buildApp({ database, config, keys, now, live, jobs: background.jobs, messages: background.messages });
    await started.listen({ port, host: '127.0.0.1' });
    return started;
  };
  let app = await start(0);
  const port = (app.server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    app.server.closeAllConnections();
    await app.close();
  };

  return {
    base,
    ids,
    database,
    openStreams: () => counter.open,
    async signIn(): Promise<string> {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `query { login(email: "live@acme.test", password: "${TEST_PASSWORD}") }` }),
      });
      return ((await res.json()) as { data: { login: string } }).data.login;
    },
    /** Readings of the site's top zone (or its door), as the ingest publishes them after the write. */
    publish(rows: Array<{ value: number; metric?: string; door?: boolean }>): void {
      publishReadings(
        live,
        rows.map((r) => ({
          organizationId: ids.org,
          targetKind: r.door ? ('passage' as const) : ('zone' as const),
          targetId: r.door ? ids.door : ids.zone,
          metric: r.metric ?? 'visitorsIn',
          value: r.value,
          ts: new Date(),
        })),
      );
    },
    /** Cuts every open connection, as a proxy restart or a network drop would. */
    dropConnections: () => app.server.closeAllConnections(),
    /** Stops the server, as a crash would for its clients: every connection is cut. */
    stop,
    /** Stops the server and starts it again on the same port and database, as a deployment does. */
    async restart(downtimeMs = 0) {
      await stop();
      await new Promise((r) => setTimeout(r, downtimeMs));
      app = await start(port);
    },
    async close() {
      await stop();
      await database.close();
    },
  };
}
