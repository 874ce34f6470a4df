import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  REPORT_GRANULARITIES,
  REPORT_MAX_DAYS,
  type ReportStatus,
  nextOccurrence,
  normalizeEmails,
  reportEmailsError,
  reportFieldErrors,
  reportScheduleRule,
} from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { badInput, notFound } from '../../graphql/errors.ts';
import { requireCaller, requireGate, requireOrganization } from '../access/access.ts';
import { findInstallation } from '../installations/installations.repo.ts';
import { events, zones } from '../installations/installations.tables.ts';
import { users } from '../users/users.tables.ts';
import { tokenDigest } from './reportDelivery.ts';
import { sendReportJob, sendReportNowJob, sendRetailReportJob } from './reports.jobs.ts';
import {
  type ReportRow,
  type ReportWithContext,
  consumeUnsubscribeToken,
  deleteReport,
  findReport,
  insertReport,
  reportStateOf,
  reportsOfOrganizations,
  updateReport,
} from './reports.repo.ts';

export type ReportView = ReportWithContext & { status: ReportStatus; nextSendAt: Date | null };

export interface ReportInput {
  title: string;
  language: string;
  installationId: number;
  eventId: number;
  zoneId: number;
  sendDay: number;
  hour: number;
  daysIncluded: number;
  granularity: number;
  emails: string[];
  enabled?: boolean | null;
}

const scheduleKey = (id: number) => `report:${id}`;

function view(ctx: Context, r: ReportWithContext): ReportView {
  const now = ctx.now().getTime();
  const status = reportStateOf(r, now);
  const next = r.enabled && status === 'ACTIVE' && r.emails.length > 0 ? nextOccurrence(reportScheduleRule(r.sendDay, r.hour), r.timezone, now) : null;
  // The next send only counts while the report is still active then (its event still runs).
  const stillRunning = next !== null && reportStateOf(r, next) === 'ACTIVE';
  return { ...r, status, nextSendAt: stillRunning ? new Date(next) : null };
}

export async function scheduledReports(ctx: Context): Promise<ReportView[]> {
  const caller = requireCaller(ctx);
  await requireGate(ctx, 'reports');
  return (await reportsOfOrganizations(ctx.database, caller.organizationIds)).map((r) => view(ctx, r));
}

/** The report if it belongs to the caller's organizations; NOT_FOUND otherwise, as for a missing id. */
async function ownReport(ctx: Context, id: number): Promise<ReportWithContext> {
  requireCaller(ctx);
  const report = await findReport(ctx.database, id);
  if (!report) throw notFound();
  requireOrganization(ctx, report.organizationId);
  return report;
}

export async function scheduledReport(ctx: Context, id: number): Promise<ReportView> {
  const report = await ownReport(ctx, id);
  await requireGate(ctx, 'reports');
  return view(ctx, report);
}

/**
 * The site, event and zone of an input, each the caller's and belonging together; NOT_FOUND for any
 * other id. A zone of the site deleted since (the form still offered it) is refused on the zone field.
 */
async function checkedInput(ctx: Context, input: ReportInput) {
  const emails = normalizeEmails(input.emails);
  const problem = reportFieldErrors({ ...input, emails })[0];
  if (problem) throw badInput(problem.field, problem.reason);
  const site = await findInstallation(ctx.database, input.installationId);
  if (!site) throw notFound();
  requireOrganization(ctx, site.organizationId);
  const [event] = await ctx.database.db.select({ id: events.id }).from(events).where(and(eq(events.id, input.eventId), eq(events.installationId, site.id)));
  if (!event) throw notFound();
  const [zone] = await ctx.database.db
    .select({ id: zones.id, deletedAt: zones.deletedAt })
    .from(zones)
    .where(and(eq(zones.id, input.zoneId), eq(zones.installationId, site.id)));
  if (!zone) throw notFound();
  // The site is the caller's, so saying its zone is gone tells nothing of another organization.
  if (zone.deletedAt !== null) throw badInput('zoneId', 'zoneDeleted');
  return {
    organizationId: site.organizationId,
    installationId: site.id,
    eventId: event.id,
    zoneId: zone.id,
    title: input.title.trim(),
    language: input.language,
    sendDay: input.sendDay,
    hour: input.hour,
    daysIncluded: input.daysIncluded,
    granularity: input.granularity,
    emails,
  };
}

/** Keeps the report's durable schedule in step with it: its hour and day in its site's zone while enabled. */
async function syncSchedule(ctx: Context, report: ReportRow, timeZone: string): Promise<void> {
  if (!report.enabled) return ctx.jobs.unschedule(scheduleKey(report.id));
  await ctx.jobs.schedule(scheduleKey(report.id), sendReportJob, { reportId: report.id }, {
    rule: reportScheduleRule(report.sendDay, report.hour),
    timeZone,
    catchUp: 'last',
    organizationId: report.organizationId,
  });
}

export async function createScheduledReport(ctx: Context, input: ReportInput): Promise<ReportView> {
  const caller = requireCaller(ctx);
  await requireGate(ctx, 'reportCreate');
  const values = await checkedInput(ctx, input);
  const now = ctx.now();
  const row = await insertReport(ctx.database, { ...values, enabled: input.enabled ?? true, createdBy: caller.userId, createdAt: now, updatedAt: now });
  const report = (await findReport(ctx.database, row.id))!;
  await syncSchedule(ctx, report, report.timezone);
  return view(ctx, report);
}

export async function updateScheduledReport(ctx: Context, id: number, input: ReportInput): Promise<ReportView> {
  const before = await ownReport(ctx, id);
  await requireGate(ctx, 'reportEdit');
  const values = await checkedInput(ctx, input);
  if (values.organizationId !== before.organizationId) throw notFound();
  await updateReport(ctx.database, id, { ...values, enabled: input.enabled ?? before.enabled, updatedAt: ctx.now() });
  const report = (await findReport(ctx.database, id))!;
  await syncSchedule(ctx, report, report.timezone);
  return view(ctx, report);
}

export async function setScheduledReportEnabled(ctx: Context, id: number, enabled: boolean): Promise<ReportView> {
  await ownReport(ctx, id);
  await requireGate(ctx, 'reportEdit');
  await updateReport(ctx.database, id, { enabled, updatedAt: ctx.now() });
  const report = (await findReport(ctx.database, id))!;
  await syncSchedule(ctx, report, report.timezone);
  return view(ctx, report);
}

export async function deleteScheduledReport(ctx: Context, id: number): Promise<number> {
  const report = await ownReport(ctx, id);
  await requireGate(ctx, 'reportDelete');
  await ctx.jobs.unschedule(scheduleKey(report.id));
  await deleteReport(ctx.database, report.id);
  return report.id;
}

/** "Send a test now": the report as it would go now, to the caller's own address only. */
export async function sendScheduledReportNow(ctx: Context, id: number): Promise<boolean> {
  const caller = requireCaller(ctx);
  const report = await ownReport(ctx, id);
  await requireGate(ctx, 'reports');
  // A deleted zone has nothing to report on: the form asks for another zone first.
  if (report.zoneDeletedAt !== null) throw badInput('zoneId', 'zoneDeleted');
  const [me] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
  if (!me) throw notFound();
  await ctx.jobs.enqueue(sendReportNowJob, { reportId: report.id, at: ctx.now().toISOString(), to: { address: me.email, userId: caller.userId } });
  return true;
}

export interface RetailReportInput {
  from: Date;
  to: Date;
  zoneIds: number[];
  granularity: number;
  emails: string[];
}

/** Most zones one one-off report may cover. */
export const RETAIL_REPORT_MAX_ZONES = 50;

/** createRetailReport (spec 002 §7): the same report once, for a range and zones of one site. */
export async function createRetailReport(ctx: Context, input: RetailReportInput): Promise<boolean> {
  const caller = requireCaller(ctx);
  await requireGate(ctx, 'reportCreate');
  if (!(input.from.getTime() < input.to.getTime())) throw badInput('to', 'beforeFrom');
  if (input.to.getTime() - input.from.getTime() > REPORT_MAX_DAYS * 86_400_000) throw badInput('to', 'tooLong');
  if (input.zoneIds.length === 0) throw badInput('zoneIds', 'required');
  if (input.zoneIds.length > RETAIL_REPORT_MAX_ZONES) throw badInput('zoneIds', 'tooMany');
  if (!(REPORT_GRANULARITIES as readonly number[]).includes(input.granularity)) throw badInput('granularity', 'invalid');
  const emails = normalizeEmails(input.emails);
  const emailProblem = reportEmailsError(emails);
  if (emailProblem) throw badInput('emails', emailProblem);
  const ids = [...new Set(input.zoneIds)];
  const found = await ctx.database.db
    .select({ id: zones.id, name: zones.name, installationId: zones.installationId })
    .from(zones)
    .where(and(inArray(zones.id, ids), isNull(zones.deletedAt)));
  if (found.length !== ids.length) throw notFound();
  const site = await findInstallation(ctx.database, found[0]!.installationId);
  if (!site || found.some((z) => z.installationId !== site.id)) throw notFound();
  requireOrganization(ctx, site.organizationId);
  const siteEvents = await ctx.database.db.select({ metrics: events.metrics }).from(events).where(eq(events.installationId, site.id));
  const [me] = await ctx.database.db.select({ lang: users.lang }).from(users).where(eq(users.id, caller.userId));
  await ctx.jobs.enqueue(sendRetailReportJob, {
    organizationId: site.organizationId,
    userId: caller.userId,
    installationId: site.id,
    siteName: site.name,
    timeZone: site.timezone,
    changeOfDay: site.changeOfDayTime,
    zoneIds: ids,
    zoneNames: found.map((z) => z.name),
    eventMetrics: [...new Set(siteEvents.flatMap((e) => e.metrics))],
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    granularity: input.granularity,
    emails,
    lang: me?.lang ?? 'en',
    title: site.name,
  });
  return true;
}

/** NOT_ON_LIST: a valid link whose address was not on the report's list; nothing changed. */
export type UnsubscribeResult = 'UNSUBSCRIBED' | 'NOT_ON_LIST' | 'INVALID_TOKEN';

/** No sign-in: the token alone removes its address from its report, once; a bad, used or expired one does nothing. */
export async function unsubscribeFromReport(ctx: Context, token: string): Promise<UnsubscribeResult> {
  if (token.length === 0 || token.length > 200) return 'INVALID_TOKEN';
  const used = await consumeUnsubscribeToken(ctx.database, tokenDigest(token), ctx.now());
  return !used ? 'INVALID_TOKEN' : used.removed ? 'UNSUBSCRIBED' : 'NOT_ON_LIST';
}
