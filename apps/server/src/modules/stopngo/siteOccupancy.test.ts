import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { events } from '../../composition/tables.ts';
import type { ServerDeps } from '../../graphql/context.ts';
import { createLivePubSub } from '../../live/livePubSub.ts';
import { createOrganization, createSite } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { loadTokenKeys } from '../auth/tokens.ts';
import { writeReadings } from '../metrics/write/readings.write.ts';
import { siteOccupancy } from './siteOccupancy.ts';
import { createBackground } from '../../composition/background.ts';

// The function the entrance screens and the "Stop&Go limit" alert condition share: the engine's
// "inside" of the current business day (reset at the site's change of day) against the limit in force.
let database: Database;
let deps: ServerDeps;
let clock = new Date('2026-03-10T10:00:00Z'); // 11:00 in Paris
const ids = { org: 0, site: 0, top: 0, footfall: 0, sales: 0, market: 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const { site, top } = await createSite(database, org.id, { timezone: 'Europe/Paris', changeOfDayTime: '05:00' });
  const event = async (name: string, limit: number, dateBegin: string, dateEnd: string | null) =>
    (await database.db.insert(events).values({ installationId: site.id, name, metrics: ['counting'], neverEnding: dateEnd === null, dateBegin: new Date(dateBegin), dateEnd: dateEnd ? new Date(dateEnd) : null, stopngoLimit: limit }).returning())[0]!.id;
  Object.assign(ids, {
    org: org.id,
    site: site.id,
    top: top.id,
    footfall: await event('Footfall', 10, '2025-01-01T00:00:00Z', null),
    sales: await event('Sales', 4, '2026-03-09T00:00:00Z', '2026-03-11T00:00:00Z'),
    market: await event('Market', 2, '2026-12-01T00:00:00Z', '2026-12-24T00:00:00Z'),
  });
  const reading = (ts: string, metric: string, value: number) => ({ organizationId: org.id, targetKind: 'zone' as const, targetId: top.id, metric, ts: new Date(ts), value });
  await writeReadings(database, [
    // 04:30 in Paris belongs to the business day of the 9th (it starts at 05:00): reset since.
    reading('2026-03-10T03:30:00Z', 'visitorsIn', 8),
    reading('2026-03-10T04:30:00Z', 'visitorsIn', 5),
    reading('2026-03-10T09:00:00Z', 'visitorsOut', 2),
  ]);
  const config = loadConfig({ DEMO_DATA: 'off', SIMULATOR: 'off' });
  const now = () => clock;
  const background = createBackground({ database, config, now, work: false });
  deps = { database, config, keys: await loadTokenKeys(database, undefined, 900), live: createLivePubSub().pubsub, now, jobs: background.jobs, messages: background.messages };
});

afterAll(async () => {
  await database.close();
});

describe('siteOccupancy', () => {
  it('counts people inside since the change of day, against the strictest limit of the running events', async () => {
    expect(await siteOccupancy(deps, { organizationId: ids.org, installationId: ids.site })).toMatchObject({ eventId: ids.sales, inside: 3, limit: 4, placesLeft: 1, state: 'GO' });
  });

  it('reads one event’s limit when asked, and none for an event that is not running or of another site', async () => {
    expect(await siteOccupancy(deps, { organizationId: ids.org, installationId: ids.site, eventId: ids.footfall })).toMatchObject({ eventId: ids.footfall, limit: 10, placesLeft: 7, state: 'GO' });
    expect(await siteOccupancy(deps, { organizationId: ids.org, installationId: ids.site, eventId: ids.market })).toMatchObject({ eventId: null, inside: 3, limit: null, placesLeft: null, state: 'OFF' });
    expect(await siteOccupancy(deps, { organizationId: ids.org, installationId: ids.site, eventId: 987_654 })).toMatchObject({ limit: null, state: 'OFF' });
  });

  it('says STOP once the limit is reached, and starts again from zero at the next change of day', async () => {
    await writeReadings(database, [{ organizationId: ids.org, targetKind: 'zone', targetId: ids.top, metric: 'visitorsIn', ts: new Date('2026-03-10T09:30:00Z'), value: 1 }]);
    expect(await siteOccupancy(deps, { organizationId: ids.org, installationId: ids.site })).toMatchObject({ inside: 4, limit: 4, placesLeft: 0, state: 'STOP' });
    clock = new Date('2026-03-11T04:10:00Z'); // 05:10 on the 11th: a new business day, and the sales are over
    expect(await siteOccupancy(deps, { organizationId: ids.org, installationId: ids.site })).toMatchObject({ eventId: ids.footfall, inside: 0, limit: 10, state: 'GO' });
  });
});
