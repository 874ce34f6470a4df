import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { installations } from '../../composition/tables.ts';
import { createOrganization, createSite } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { findInstallation, findInstallations } from './installations.repo.ts';

let database: Database;
let full: number;
let bare: number;
const hours = { beginDay: 1, beginHour: 9, beginMinute: 30, endDay: 1, endHour: 20, endMinute: 0, reset: true };

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const [row] = await database.db
    .insert(installations)
    .values({
      organizationId: org.id,
      name: 'Galeries « Rhône »',
      timezone: 'Asia/Kolkata',
      openingHours: [hours],
      changeOfDayTime: '05:00',
      creationDate: '2024-02-29',
      country: 'FR',
      city: 'Lyon',
      address: '1 rue de la République',
      areaM2: 1234.5,
      latitude: 45.764,
      longitude: 4.8357,
    })
    .returning();
  full = row!.id;
  bare = (await createSite(database, org.id)).site.id;
});

afterAll(() => database.close());

describe('findInstallations', () => {
  it('reads every column as the ORM reads one installation, and leaves out unknown ids', async () => {
    const found = await findInstallations(database, [full, bare, 999_999]);
    expect(found.sort((a, b) => a.id - b.id)).toEqual([await findInstallation(database, full), await findInstallation(database, bare)]);
    expect(found.find((i) => i.id === full)).toMatchObject({ areaM2: 1234.5, creationDate: '2024-02-29', openingHours: [hours] });
    expect(await findInstallations(database, [])).toEqual([]);
  });
});
