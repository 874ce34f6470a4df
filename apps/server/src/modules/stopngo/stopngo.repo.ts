import { asc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { events, installations } from '../installations/installations.tables.ts';
import type { EventRow } from '../installations/installations.repo.ts';
import { stopngoScreenConnections, stopngoScreens } from './stopngo.tables.ts';

export type ScreenRow = typeof stopngoScreens.$inferSelect;
export type ScreenWithPresence = ScreenRow & { installationId: number; lastSeenAt: Date | null };
/** What a display's secret opens: the screen, its event and the event's site, nothing more. */
export type DisplayedScreen = Pick<ScreenRow, 'id' | 'organizationId' | 'eventId' | 'language' | 'secondLanguage'> & { installationId: number };

/** The event with its site's organization, or null. */
export async function findEventWithOrganization(database: Database, eventId: number): Promise<(EventRow & { organizationId: number }) | null> {
  const [row] = await database.db
    .select({ event: events, organizationId: installations.organizationId })
    .from(events)
    .innerJoin(installations, eq(installations.id, events.installationId))
    .where(eq(events.id, eventId));
  return row ? { ...row.event, organizationId: row.organizationId } : null;
}

export async function setEventLimit(database: Database, eventId: number, limit: number | null): Promise<void> {
  await database.db.update(events).set({ stopngoLimit: limit }).where(eq(events.id, eventId));
}

const lastSeen = sql<Date | null>`(select max(c.seen_at) from ${stopngoScreenConnections} c where c.screen_id = ${stopngoScreens.id})`;

/** An event's screens, oldest first, each with its display's latest report. */
export async function screensOfEvent(database: Database, eventId: number): Promise<ScreenWithPresence[]> {
  const rows = await database.db
    .select({ screen: stopngoScreens, installationId: events.installationId, lastSeenAt: lastSeen })
    .from(stopngoScreens)
    .innerJoin(events, eq(events.id, stopngoScreens.eventId))
    .where(eq(stopngoScreens.eventId, eventId))
    .orderBy(asc(stopngoScreens.id));
  return rows.map((r) => ({ ...r.screen, installationId: r.installationId, lastSeenAt: r.lastSeenAt ? new Date(r.lastSeenAt) : null }));
}

export async function findScreen(database: Database, id: number): Promise<ScreenWithPresence | null> {
  const [row] = await database.db
    .select({ screen: stopngoScreens, installationId: events.installationId, lastSeenAt: lastSeen })
    .from(stopngoScreens)
    .innerJoin(events, eq(events.id, stopngoScreens.eventId))
    .where(eq(stopngoScreens.id, id));
  return row ? { ...row.screen, installationId: row.installationId, lastSeenAt: row.lastSeenAt ? new Date(row.lastSeenAt) : null } : null;
}

export async function insertScreen(database: Database, values: typeof stopngoScreens.$inferInsert): Promise<ScreenRow> {
  const [row] = await database.db.insert(stopngoScreens).values(values).returning();
  return row!;
}

export async function replaceScreenSecret(database: Database, id: number, secretHash: string, at: Date): Promise<void> {
  await database.db.update(stopngoScreens).set({ secretHash, secretRenewedAt: at }).where(eq(stopngoScreens.id, id));
}

export async function deleteScreen(database: Database, id: number): Promise<void> {
  await database.db.delete(stopngoScreens).where(eq(stopngoScreens.id, id));
}

export async function screenBySecretHash(database: Database, secretHash: string): Promise<DisplayedScreen | null> {
  const [row] = await database.db
    .select({
      id: stopngoScreens.id,
      organizationId: stopngoScreens.organizationId,
      eventId: stopngoScreens.eventId,
      language: stopngoScreens.language,
      secondLanguage: stopngoScreens.secondLanguage,
      installationId: events.installationId,
    })
    .from(stopngoScreens)
    .innerJoin(events, eq(events.id, stopngoScreens.eventId))
    .where(eq(stopngoScreens.secretHash, secretHash));
  return row ?? null;
}

/** Opens a display connection; connections silent for an hour (a process that died) are cleared meanwhile. */
export async function openConnection(database: Database, id: string, screenId: number, at: Date): Promise<void> {
  await database.db.delete(stopngoScreenConnections).where(lt(stopngoScreenConnections.seenAt, new Date(at.getTime() - 3_600_000)));
  await database.db.insert(stopngoScreenConnections).values({ id, screenId, seenAt: at });
}

export async function touchConnection(database: Database, id: string, at: Date): Promise<void> {
  await database.db.update(stopngoScreenConnections).set({ seenAt: at }).where(eq(stopngoScreenConnections.id, id));
}

export async function closeConnection(database: Database, id: string): Promise<void> {
  await database.db.delete(stopngoScreenConnections).where(eq(stopngoScreenConnections.id, id));
}

/**
 * The site's live zones and its passages, with those that ever counted people in or out (one probe of
 * the month rollup each): what the site's occupancy is read from (domain occupancyTargets).
 */
export async function countingTopology(
  database: Database,
  organizationId: number,
  installationId: number,
): Promise<{ zones: Array<{ id: number; parentId: number | null }>; passages: Array<{ id: number; zoneId: number | null }>; counted: { passages: Set<number>; zones: Set<number> } }> {
  const { rows } = await database.sql.query<{ kind: string; id: number; zone_id: number | null; counted: boolean }>(
    `select t.kind, t.id, t.zone_id, exists (select from rollup_month r where r.organization_id = $1 and r.target_kind = t.kind and r.target_id = t.id
                                             and r.metric in ('visitorsIn', 'visitorsOut')) as counted
       from (select 'zone'::text as kind, id, parent_id as zone_id from zones where installation_id = $2 and deleted_at is null
             union all select 'passage', id, zone_id from passages where installation_id = $2) t
      order by t.kind, t.id`,
    [organizationId, installationId],
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  const counted = (kind: string) => new Set(of(kind).filter((r) => r.counted).map((r) => Number(r.id)));
  return {
    zones: of('zone').map((r) => ({ id: Number(r.id), parentId: r.zone_id === null ? null : Number(r.zone_id) })),
    passages: of('passage').map((r) => ({ id: Number(r.id), zoneId: r.zone_id === null ? null : Number(r.zone_id) })),
    counted: { passages: counted('passage'), zones: counted('zone') },
  };
}
