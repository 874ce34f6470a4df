import type { Database } from '../../db/database.ts';
import { type AlertDetails, findAlertDetails } from './alerts.repo.ts';

/**
 * What this process keeps of the alerts' settings, under the versions that move when they change
 * (migration 0052; row 0 of data_versions for the sites' trees). Read at each use in one small
 * statement, so another process's change counts at once.
 */
export async function settingsVersions(database: Database): Promise<{ settings: string; trees: string }> {
  const { rows } = await database.sql.query<{ settings: string | null; trees: string | null }>(
    `select (select version from alert_settings_version where id = 1)::text as settings,
            (select version from data_versions where organization_id = 0)::text as trees`,
  );
  // A version table emptied by hand: nothing kept matches (a fresh version each time).
  const fresh = () => `none:${Math.random()}`;
  return { settings: rows[0]?.settings ?? fresh(), trees: rows[0]?.trees ?? fresh() };
}

/** How many times this process read alerts' details for a round (tests read it: a round with nothing changed reads none). */
let detailsReads = 0;
export const roundDetailsReads = (): number => detailsReads;

/** Most alerts kept per database: past it, the keeping starts over. */
const MAX_KEPT = 50_000;
const kept = new WeakMap<Database, { version: string; details: Map<number, AlertDetails> }>();

/**
 * The details an evaluation round reads (alert, condition, actions, planning), kept under the
 * settings version: a round of a thousand alerts under a burst of readings reads them once, not at
 * every round (30 ms of the embedded database's one connection each time). Their state columns
 * (triggered, reminders) are as they were when read: a round reads the states itself (alertStates).
 */
export async function roundDetails(database: Database, ids: readonly number[]): Promise<AlertDetails[]> {
  if (ids.length === 0) return [];
  const { settings } = await settingsVersions(database);
  let mine = kept.get(database);
  if (!mine || mine.version !== settings || mine.details.size > MAX_KEPT) kept.set(database, (mine = { version: settings, details: new Map() }));
  const missing = ids.filter((id) => !mine.details.has(id));
  if (missing.length) {
    detailsReads += 1;
    for (const d of await findAlertDetails(database, missing)) mine.details.set(d.alert.id, d);
  }
  // An alert deleted meanwhile is not found, as findAlertDetails leaves it out.
  return ids.flatMap((id) => mine.details.get(id) ?? []);
}
