import { afterAll, beforeAll } from 'vitest';
import { createAcmeAndRival, createUser } from './factories.ts';
import { openTestDatabase } from './testDatabase.ts';
import { startTestServer } from './testServer.ts';

/**
 * The world most module tests start from: Acme with Ana and Ben (and Boss, an administrator),
 * Rival with Eve, a fresh database, a server, and the three members' sign-ins. Call close() after.
 */
export async function startAcmeAndRivalServer(clock?: { now: () => Date }) {
  const database = await openTestDatabase();
  const { org, rival } = await createAcmeAndRival(database);
  const ana = await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id] });
  const ben = await createUser(database, { email: 'ben@acme.test', organizationIds: [org.id] });
  const boss = await createUser(database, { email: 'boss@acme.test', organizationIds: [org.id], role: 'admin' });
  const eve = await createUser(database, { email: 'eve@rival.test', organizationIds: [rival.id] });
  const server = await startTestServer(database, {}, clock);
  const tokens = await server.signInAll({ ana: 'ana@acme.test', ben: 'ben@acme.test', rival: 'eve@rival.test' });
  const close = async () => {
    await server.close();
    await database.close();
  };
  return { database, server, org, rival, users: { ana, ben, boss, eve }, tokens, close };
}

export type AcmeAndRival = Awaited<ReturnType<typeof startAcmeAndRivalServer>>;

/** The same world for a whole test file: started before its tests, closed after; read its fields inside the tests. */
export function acmeAndRivalPerFile(clock?: { now: () => Date }): AcmeAndRival {
  const world = {} as AcmeAndRival;
  beforeAll(async () => {
    Object.assign(world, await startAcmeAndRivalServer(clock));
  });
  afterAll(() => world.close());
  return world;
}
