import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from './testDatabase.ts';
import { startTestServer } from './testServer.ts';

export interface SeededServerOptions {
  /** Fills the fresh database before the server starts; what the tests need later goes in `id`. */
  seed: (database: Database, id: Record<string, number>) => Promise<void>;
  /** The server's clock (a test that moves time). */
  clock?: { now: () => Date };
  /** Variables for the server, e.g. `{ LOGIN_RATE_LIMIT: '10' }`. */
  env?: Record<string, string>;
  /** Members signed in once the server runs: `{ admin: 'admin@acme.test' }` gives `token.admin`. */
  signIn?: Record<string, string>;
}

/** A fresh database, seeded, and a server on it; `id` and `token` are filled before the file's tests. */
export interface SeededServer {
  database: Database;
  server: Awaited<ReturnType<typeof startTestServer>>;
  id: Record<string, number>;
  token: Record<string, string>;
  close(): Promise<void>;
}

/** The seeded database and its server for a whole test file: started before its tests, closed after; read its fields inside the tests. */
export function seededServerPerFile(opts: SeededServerOptions): SeededServer {
  const world = { id: {}, token: {} } as SeededServer;
  beforeAll(async () => {
    const database = await openTestDatabase();
    await opts.seed(database, world.id);
    const server = await startTestServer(database, opts.env, opts.clock);
    const close = async () => {
      await server.close();
      await database.close();
    };
    Object.assign(world, { database, server, close });
    if (opts.signIn) Object.assign(world.token, await server.signInAll(opts.signIn));
  });
  afterAll(() => world.close());
  return world;
}
