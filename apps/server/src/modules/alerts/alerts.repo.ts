import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { anyOf } from '../../db/anyOf.ts';
import { devices, events, installations, zones } from '../installations/installations.tables.ts';
import type { AlertState } from './alertState.ts';
import { type AlertActionRow, type AlertConditionRow, type AlertPlanningRow, type AlertRow, alertActions, alertConditions, alertPlannings, alerts } from './alerts.tables.ts';

export interface AlertDetails {
  alert: AlertRow;
  condition: AlertConditionRow | null;
  actions: AlertActionRow[];
  planning: AlertPlanningRow | null;
}

export type NewCondition = Omit<typeof alertConditions.$inferInsert, 'alertId' | 'id'>;
export type NewAction = Omit<typeof alertActions.$inferInsert, 'alertId' | 'id' | 'position'>;
export type NewPlanning = Omit<typeof alertPlannings.$inferInsert, 'id' | 'organizationId'>;

export async function findAlertDetails(database: Database, ids: number[]): Promise<AlertDetails[]> {
  if (ids.length === 0) return [];
  const { db } = database;
  const [rows, conditions, actions] = await Promise.all([
    db.select().from(alerts).where(anyOf(alerts.id, ids)),
    db.select().from(alertConditions).where(anyOf(alertConditions.alertId, ids)),
    db.select().from(alertActions).where(anyOf(alertActions.alertId, ids)).orderBy(asc(alertActions.alertId), asc(alertActions.position)),
  ]);
  const planningIds = rows.map((r) => r.planningId).filter((id): id is number => id !== null);
  const plannings = planningIds.length ? await db.select().from(alertPlannings).where(anyOf(alertPlannings.id, planningIds)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const conditionOf = new Map(conditions.map((c) => [c.alertId, c]));
  const actionsOf = new Map<number, AlertActionRow[]>();
  for (const a of actions) actionsOf.set(a.alertId, [...(actionsOf.get(a.alertId) ?? []), a]);
  const planningOf = new Map(plannings.map((p) => [p.id, p]));
  return ids
    .filter((id) => byId.has(id))
    .map((id) => {
      const alert = byId.get(id)!;
      return {
        alert,
        condition: conditionOf.get(id) ?? null,
        actions: actionsOf.get(id) ?? [],
        planning: alert.planningId === null ? null : (planningOf.get(alert.planningId) ?? null),
      };
    });
}

export type AlertSort = 'NAME_ASC' | 'NAME_DESC' | 'CREATED_DESC' | 'CREATED_ASC';

export interface AlertPageQuery {
  organizationIds: number[];
  search: string | null;
  /** Only these alerts (the list opened from a message on one alert). */
  alertIds?: number[] | null;
  sort: AlertSort;
  offset: number;
  limit: number;
}

function pageFilter(q: Pick<AlertPageQuery, 'organizationIds' | 'search' | 'alertIds'>) {
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    inArray(alerts.organizationId, q.organizationIds),
    like ? or(ilike(alerts.name, like), ilike(installations.name, like)) : undefined,
    q.alertIds ? (q.alertIds.length ? inArray(alerts.id, q.alertIds) : sql`false`) : undefined,
  );
}

/** A page of alert ids in the asked order, with the total count for the search. */
export async function alertPage(database: Database, q: AlertPageQuery): Promise<{ ids: number[]; count: number }> {
  if (q.organizationIds.length === 0) return { ids: [], count: 0 };
  const order = {
    NAME_ASC: [asc(sql`lower(${alerts.name})`), asc(alerts.id)],
    NAME_DESC: [desc(sql`lower(${alerts.name})`), desc(alerts.id)],
    CREATED_DESC: [desc(alerts.createdAt), desc(alerts.id)],
    CREATED_ASC: [asc(alerts.createdAt), asc(alerts.id)],
  }[q.sort];
  const where = pageFilter(q);
  const [rows, [total]] = await Promise.all([
    database.db
      .select({ id: alerts.id })
      .from(alerts)
      .innerJoin(installations, eq(installations.id, alerts.installationId))
      .where(where)
      .orderBy(...order)
      .offset(q.offset)
      .limit(q.limit),
    database.db.select({ n: sql<number>`count(*)::int` }).from(alerts).innerJoin(installations, eq(installations.id, alerts.installationId)).where(where),
  ]);
  return { ids: rows.map((r) => r.id), count: total?.n ?? 0 };
}

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

async function writeDetails(tx: Tx, alertId: number, condition: NewCondition, actions: NewAction[]): Promise<void> {
  await tx.delete(alertConditions).where(eq(alertConditions.alertId, alertId));
  await tx.insert(alertConditions).values({ ...condition, alertId });
  await tx.delete(alertActions).where(eq(alertActions.alertId, alertId));
  if (actions.length) await tx.insert(alertActions).values(actions.map((a, position) => ({ ...a, alertId, position })));
}

async function planningFor(tx: Tx, organizationId: number, planning: NewPlanning | null, planningId: number | null, currentId: number | null): Promise<number | null> {
  if (!planning) return planningId;
  const target = planningId ?? currentId;
  if (target !== null) {
    await tx.update(alertPlannings).set(planning).where(eq(alertPlannings.id, target));
    return target;
  }
  const [row] = await tx.insert(alertPlannings).values({ ...planning, organizationId }).returning({ id: alertPlannings.id });
  return row!.id;
}

export interface AlertWrite {
  organizationId: number;
  installationId: number;
  eventId: number | null;
  name: string;
  enabled: boolean;
  schedule: AlertRow['schedule'];
  reminderMinutes: number | null;
  condition: NewCondition;
  actions: NewAction[];
  /** A planning to create (or to write into planningId when given). */
  planning: NewPlanning | null;
  /** An existing planning of the organization to link. */
  planningId: number | null;
  createdBy: number | null;
  now: Date;
  /** When it is armed from (readings before are not read): `now` unless given (the demo's alerts watch their whole history). */
  armedAt?: Date;
}

export function insertAlert(database: Database, w: AlertWrite): Promise<number> {
  return database.db.transaction(async (tx) => {
    const planningId = await planningFor(tx, w.organizationId, w.planning, w.planningId, null);
    const [row] = await tx
      .insert(alerts)
      .values({ organizationId: w.organizationId, installationId: w.installationId, eventId: w.eventId, name: w.name, enabled: w.enabled, schedule: w.schedule, reminderMinutes: w.reminderMinutes, planningId, createdBy: w.createdBy, createdAt: w.now, updatedAt: w.now, armedAt: w.armedAt ?? w.now })
      .returning({ id: alerts.id });
    await writeDetails(tx, row!.id, w.condition, w.actions);
    return row!.id;
  });
}

/** Replaces everything the form holds; a changed definition starts again from ok (its open episode is closed by the caller) and is armed from now. */
export function updateAlertRow(database: Database, id: number, currentPlanningId: number | null, w: AlertWrite): Promise<void> {
  return database.db.transaction(async (tx) => {
    const planningId = await planningFor(tx, w.organizationId, w.planning, w.planningId, currentPlanningId);
    await tx
      .update(alerts)
      .set({ installationId: w.installationId, eventId: w.eventId, name: w.name, enabled: w.enabled, schedule: w.schedule, reminderMinutes: w.reminderMinutes, planningId, updatedAt: w.now, armedAt: w.now })
      .where(eq(alerts.id, id));
    await writeDetails(tx, id, w.condition, w.actions);
  });
}

/** Switched on, it is armed from now: what happened while it was off is not read. */
export async function setAlertEnabled(database: Database, id: number, enabled: boolean, now: Date): Promise<void> {
  await database.db.update(alerts).set(enabled ? { enabled, updatedAt: now, armedAt: now } : { enabled, updatedAt: now }).where(eq(alerts.id, id));
}

export async function deleteAlertRow(database: Database, id: number): Promise<void> {
  await database.db.delete(alerts).where(eq(alerts.id, id));
}

export async function findAlertRow(database: Database, id: number): Promise<AlertRow | null> {
  const [row] = await database.db.select().from(alerts).where(eq(alerts.id, id));
  return row ?? null;
}

// Ownership lookups: every id of an input must be of the alert's site (and so of the organization).

export async function installationOrganization(database: Database, installationId: number): Promise<number | null> {
  const [row] = await database.db.select({ org: installations.organizationId }).from(installations).where(eq(installations.id, installationId));
  return row?.org ?? null;
}

export async function eventOfSite(database: Database, eventId: number, installationId: number): Promise<boolean> {
  const [row] = await database.db.select({ id: events.id }).from(events).where(and(eq(events.id, eventId), eq(events.installationId, installationId)));
  return Boolean(row);
}

/** The zone if it is one of the site's, with its floor area; null otherwise. */
export async function zoneOfSite(database: Database, zoneId: number, installationId: number): Promise<{ areaM2: number | null } | null> {
  const [row] = await database.db.select({ areaM2: zones.areaM2 }).from(zones).where(and(eq(zones.id, zoneId), eq(zones.installationId, installationId)));
  return row ?? null;
}

/** The ids among `ids` that are devices of this kind on the site. */
export async function devicesOfSite(database: Database, ids: number[], installationId: number, kind: string): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await database.db
    .select({ id: devices.id })
    .from(devices)
    .where(and(inArray(devices.id, ids), eq(devices.installationId, installationId), eq(devices.kind, kind)));
  return new Set(rows.map((r) => r.id));
}

/** A planning of the organization (null: none, or another organization's): whom it tells besides the actions' recipients. */
export async function planningContacts(database: Database, planningId: number, organizationId: number): Promise<Pick<AlertPlanningRow, 'mails' | 'phones' | 'userIds'> | null> {
  const [row] = await database.db
    .select({ mails: alertPlannings.mails, phones: alertPlannings.phones, userIds: alertPlannings.userIds })
    .from(alertPlannings)
    .where(and(eq(alertPlannings.id, planningId), eq(alertPlannings.organizationId, organizationId)));
  return row ?? null;
}

export async function planningOrganization(database: Database, planningId: number): Promise<number | null> {
  const [row] = await database.db.select({ org: alertPlannings.organizationId }).from(alertPlannings).where(eq(alertPlannings.id, planningId));
  return row?.org ?? null;
}

/** The evaluation state of these alerts, read in one query before their transitions. */
export async function alertStates(database: Database, ids: number[]): Promise<Map<number, AlertState>> {
  if (ids.length === 0) return new Map();
  const rows = await database.db
    .select({ id: alerts.id, triggered: alerts.triggered, openLogId: alerts.openLogId, clearingSince: alerts.clearingSince, lastNotifiedAt: alerts.lastNotifiedAt })
    .from(alerts)
    .where(anyOf(alerts.id, ids));
  return new Map(rows.map(({ id, ...state }) => [id, state]));
}
