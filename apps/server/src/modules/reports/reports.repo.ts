import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { type ReportStatus, reportStatus } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import { events, installations, zones } from '../installations/installations.tables.ts';
import { reportUnsubscribeTokens, scheduledReports } from './reports.tables.ts';

export type ReportRow = typeof scheduledReports.$inferSelect;
export type NewReport = typeof scheduledReports.$inferInsert;
/** A report with what its list and its sending need: names, the site's zone and the event's end. */
export type ReportWithContext = ReportRow & {
  siteName: string;
  timezone: string;
  changeOfDayTime: string;
  eventName: string;
  eventMetrics: string[];
  eventNeverEnding: boolean;
  eventDateEnd: Date | null;
  zoneName: string;
  /** When the report's zone was deleted (by the site's sensors' set-up); the report is then inactive. */
  zoneDeletedAt: Date | null;
};

/** A stored report's state at a time, by the domain's rule (its event and its zone). */
export function reportStateOf(report: Pick<ReportWithContext, 'eventNeverEnding' | 'eventDateEnd' | 'zoneDeletedAt'>, at: number): ReportStatus {
  return reportStatus({ neverEnding: report.eventNeverEnding, dateEnd: report.eventDateEnd, zoneDeleted: report.zoneDeletedAt !== null }, at);
}

const withContext = {
  report: scheduledReports,
  siteName: installations.name,
  timezone: installations.timezone,
  changeOfDayTime: installations.changeOfDayTime,
  eventName: events.name,
  eventMetrics: events.metrics,
  eventNeverEnding: events.neverEnding,
  eventDateEnd: events.dateEnd,
  zoneName: zones.name,
  zoneDeletedAt: zones.deletedAt,
};

function selectWithContext(database: Database) {
  return database.db
    .select(withContext)
    .from(scheduledReports)
    .innerJoin(installations, eq(installations.id, scheduledReports.installationId))
    .innerJoin(events, eq(events.id, scheduledReports.eventId))
    .innerJoin(zones, eq(zones.id, scheduledReports.zoneId));
}

const flatten = ({ report, ...rest }: { report: ReportRow } & Omit<ReportWithContext, keyof ReportRow>): ReportWithContext => ({ ...report, ...rest });

export async function reportsOfOrganizations(database: Database, organizationIds: number[]): Promise<ReportWithContext[]> {
  if (organizationIds.length === 0) return [];
  const rows = await selectWithContext(database)
    .where(inArray(scheduledReports.organizationId, organizationIds))
    .orderBy(asc(scheduledReports.title), asc(scheduledReports.id));
  return rows.map(flatten);
}

export async function findReport(database: Database, id: number): Promise<ReportWithContext | null> {
  const [row] = await selectWithContext(database).where(eq(scheduledReports.id, id));
  return row ? flatten(row) : null;
}

export async function insertReport(database: Database, values: NewReport): Promise<ReportRow> {
  const [row] = await database.db.insert(scheduledReports).values(values).returning();
  return row!;
}

export async function updateReport(database: Database, id: number, values: Partial<NewReport>): Promise<void> {
  await database.db.update(scheduledReports).set(values).where(eq(scheduledReports.id, id));
}

export async function deleteReport(database: Database, id: number): Promise<void> {
  await database.db.delete(scheduledReports).where(eq(scheduledReports.id, id));
}

export async function insertUnsubscribeToken(database: Database, values: typeof reportUnsubscribeTokens.$inferInsert): Promise<void> {
  await database.db.insert(reportUnsubscribeTokens).values(values);
}

/**
 * Uses an unsubscribe token once: marks it used and removes its address from its report, in one
 * statement each way so a second use (or a concurrent one) finds nothing. `removed` says whether the
 * address was on the list (it may have been taken off since the mail went, or a test mail's token,
 * from before tests carried none, was for an address never on it): only then may anyone be told
 * that they will no longer receive the report.
 */
export async function consumeUnsubscribeToken(database: Database, tokenHash: string, now: Date): Promise<{ reportId: number; email: string; removed: boolean } | null> {
  const [used] = await database.db
    .update(reportUnsubscribeTokens)
    .set({ usedAt: now })
    .where(and(eq(reportUnsubscribeTokens.tokenHash, tokenHash), isNull(reportUnsubscribeTokens.usedAt), gt(reportUnsubscribeTokens.expiresAt, now)))
    .returning({ reportId: reportUnsubscribeTokens.reportId, email: reportUnsubscribeTokens.email });
  if (!used) return null;
  const changed = await database.db
    .update(scheduledReports)
    .set({ emails: sql`array_remove(${scheduledReports.emails}, ${used.email})`, updatedAt: now })
    .where(and(eq(scheduledReports.id, used.reportId), sql`${used.email} = any(${scheduledReports.emails})`))
    .returning({ id: scheduledReports.id });
  return { ...used, removed: changed.length > 0 };
}
