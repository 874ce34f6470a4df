import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createOrganization, createSite } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { roundDetails, roundDetailsReads, settingsVersions } from './alertSettings.ts';

// Migration 0052: the alerts' settings version moves with any change of a setting, whatever code
// path writes it, and never with an evaluation's change of state; what a process keeps under it
// (a round's details) follows every such change.
let database: Database;
const ids = { org: 0, site: 0, zone: 0, alert: 0 };
/** An alert's state: every other column of `alerts` is a setting. */
const STATE = ['triggered', 'open_log_id', 'notified_count', 'last_notified_at', 'clearing_since'];

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const s = await createSite(database, org.id);
  const { rows } = await database.sql.query<{ id: number }>(`insert into alerts (organization_id, installation_id, name) values ($1, $2, 'Store CO2') returning id`, [org.id, s.site.id]);
  Object.assign(ids, { org: org.id, site: s.site.id, zone: s.top.id, alert: rows[0]!.id });
  await database.sql.query(`insert into alert_conditions (alert_id, type, value, zone_id) values ($1, 'co2', 1000, $2)`, [ids.alert, ids.zone]);
}, 60_000);

afterAll(async () => {
  await database.close();
});

const settings = async () => (await settingsVersions(database)).settings;

describe('the alerts` settings version', () => {
  it('moves with every column of an alert but its state, and with its condition, actions and planning', async () => {
    const { rows: columns } = await database.sql.query<{ name: string }>(`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'alerts'`);
    const { rows: watched } = await database.sql.query<{ name: string }>(
      `select a.attname as name from pg_trigger t join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])
        where t.tgname = 'alerts_settings_version_update'`,
    );
    // A column added to alerts later must be named here: a setting (in the trigger) or a state.
    expect([...watched.map((c) => c.name), ...STATE, 'id'].sort()).toEqual(columns.map((c) => c.name).sort());

    const changes = [
      ['update alerts set name = $2 where id = $1', [ids.alert, 'Store CO2 high']],
      ['update alerts set enabled = false where id = $1', [ids.alert]],
      ['update alerts set enabled = true, armed_at = now() where id = $1', [ids.alert]],
      ["update alerts set schedule = '[]'::jsonb, reminder_minutes = 10 where id = $1", [ids.alert]],
      ['update alert_conditions set value = 1200 where alert_id = $1', [ids.alert]],
      ["insert into alert_actions (alert_id, type, position) values ($1, 'email', 0)", [ids.alert]],
      ['delete from alert_actions where alert_id = $1', [ids.alert]],
      ["insert into alert_plannings (organization_id, name) values ($1, 'Night')", [ids.org]],
    ] as const;
    for (const [statement, params] of changes) {
      const before = await settings();
      await database.sql.query(statement, [...params]);
      expect(await settings(), statement).not.toBe(before);
    }
    // An evaluation moving the state leaves it.
    const before = await settings();
    await database.sql.query('update alerts set triggered = true, open_log_id = null, notified_count = 2, last_notified_at = now(), clearing_since = now() where id = $1', [ids.alert]);
    await database.sql.query('update alerts set triggered = false, notified_count = 0, last_notified_at = null, clearing_since = null where id = $1', [ids.alert]);
    expect(await settings()).toBe(before);
  });

  it('a round`s details kept by the process follow every change of a setting, by any path', async () => {
    const name = async () => (await roundDetails(database, [ids.alert]))[0]?.alert.name;
    const value = async () => (await roundDetails(database, [ids.alert]))[0]?.condition?.value;
    await database.sql.query('update alerts set name = $2 where id = $1', [ids.alert, 'Kept']);
    expect(await name()).toBe('Kept');
    // Read once, then kept while no setting changes (its state moving included).
    const reads = roundDetailsReads();
    await database.sql.query('update alerts set triggered = true, notified_count = 1 where id = $1', [ids.alert]);
    expect(await name()).toBe('Kept');
    expect(roundDetailsReads()).toBe(reads);
    await database.sql.query('update alerts set name = $2 where id = $1', [ids.alert, 'Renamed']);
    expect(await name()).toBe('Renamed');
    await database.sql.query('update alert_conditions set value = 1500 where alert_id = $1', [ids.alert]);
    expect(await value()).toBe(1500);
    await database.sql.query('delete from alert_conditions where alert_id = $1', [ids.alert]);
    expect(await value()).toBeUndefined();
    await database.sql.query('delete from alerts where id = $1', [ids.alert]);
    expect(await roundDetails(database, [ids.alert])).toEqual([]);
  });
});
