import type { Database } from '../db/database.ts';
import { DEMO_PASSWORD } from '../demo/demoSites.ts';
import { createRival } from './factories.ts';
import { startTestServer } from './testServer.ts';

/**
 * On a database holding the demo: adds the rival organization (staff@rival.test), starts a server,
 * signs in the demo's administrator (`token`) and the rival (`rivalToken`). close() stops the
 * server and closes the database.
 */
export async function serveDemoAndRival(database: Database) {
  const rivalZone = (await createRival(database)).site.top.id;
  const server = await startTestServer(database);
  const token = await server.signIn('admin@sitelens.example', DEMO_PASSWORD);
  const rivalToken = await server.signIn('staff@rival.test');
  const close = async () => {
    await server.close();
    await database.close();
  };
  return { server, token, rivalToken, rivalZone, close };
}

export type DemoAndRival = Awaited<ReturnType<typeof serveDemoAndRival>>;
