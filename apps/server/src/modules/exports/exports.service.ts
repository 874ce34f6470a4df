import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type ExportFormat, bucketCount, exportColumns, exportDataTypes, exportFieldErrors, exportOnPassages, exportTooManyRows, exportZoneSet } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { badInput, notFound } from '../../graphql/errors.ts';
import { organizationRecipients } from '../messages/recipients.ts';
import { requireCaller, requireGate, requireOrganization } from '../access/access.ts';
import { requireMetricRight } from '../metrics/request/metricAccess.ts';
import { findInstallation, siteFamilies } from '../installations/installations.repo.ts';
import { passages, zones } from '../installations/installations.tables.ts';
import { usersOfOrganizations } from '../users/users.repo.ts';
import { users } from '../users/users.tables.ts';
import { sendExportJob } from './exports.jobs.ts';
import { type ExportLinkState, openExportLink, revokeExportLinkByToken } from './exportLinks.ts';
import { recipientsWhoMayRead } from './recipientRights.ts';
import { type ExportRequestRow, findExportRequest, insertExportRequest, linksOfRequests, recentExportRequests, revokeRequestLinks } from './exports.repo.ts';

export interface ExportDataInput {
  dataType: string;
  from: Date;
  to: Date;
  userIds: number[];
  granularity: number;
  includeSubZones: boolean;
  target: 'zone' | 'passage';
  installationId: number;
  zoneIds: number[];
  format: ExportFormat;
}

/**
 * ExportData (spec 002 §7): checks the request, then queues the job that builds the file through
 * the metrics engine and mails it to each recipient. Every id must be the caller's organization's.
 */
export async function exportData(ctx: Context, input: ExportDataInput): Promise<boolean> {
  const caller = requireCaller(ctx);
  await requireGate(ctx, 'exportData');
  const problem = Object.entries(
    exportFieldErrors({ ...input, from: input.from.getTime(), to: input.to.getTime(), dataType: input.dataType || null, installationId: input.installationId }),
  )[0];
  if (problem) throw badInput(problem[0], problem[1]!);
  const site = await findInstallation(ctx.database, input.installationId);
  if (!site) throw notFound();
  requireOrganization(ctx, site.organizationId);
  // The data type is a metric of the site's events (spec 002 §3), counting by default.
  const families = await siteFamilies(ctx.database, site.id);
  if (!exportDataTypes(families).includes(input.dataType)) throw badInput('dataType', 'unknownMetric');
  if (input.target === 'passage' && !exportOnPassages(input.dataType)) throw badInput('target', 'notOnPassages');
  const columns = exportColumns(input.dataType);
  // The job reads as the organization (no right): the requester must hold each column's right now.
  for (const metric of columns) await requireMetricRight(ctx, metric);
  const siteZones = await ctx.database.db
    .select({ id: zones.id, name: zones.name, parentId: zones.parentId })
    .from(zones)
    .where(and(eq(zones.installationId, site.id), isNull(zones.deletedAt)));
  const known = new Set(siteZones.map((z) => z.id));
  if (input.zoneIds.some((id) => !known.has(id))) throw notFound();
  const zoneSet = exportZoneSet(siteZones, input.zoneIds, input.includeSubZones);

  const targets =
    input.target === 'passage'
      ? (
          await ctx.database.db
            .select({ id: passages.id, name: passages.name })
            .from(passages)
            .where(and(eq(passages.installationId, site.id), inArray(passages.zoneId, [...zoneSet])))
        ).map((p) => ({ kind: 'passage' as const, ...p }))
      : siteZones.filter((z) => zoneSet.has(z.id)).map((z) => ({ kind: 'zone' as const, id: z.id, name: z.name }));
  if (targets.length === 0) throw badInput('target', 'noPassages');
  // The same limit as the form's (one constant, EXPORT_MAX_ROWS).
  if (exportTooManyRows(input.from.getTime(), input.to.getTime(), input.granularity, targets.length)) throw badInput('to', 'tooManyRows');

  const wanted = [...new Set(input.userIds)];
  const recipients = await organizationRecipients(ctx.database, site.organizationId, wanted);
  if (recipients.length !== wanted.length) throw notFound();
  // Each recipient must be allowed the columns themselves: a file is not a way around a profile.
  const mayRead = await recipientsWhoMayRead(ctx.database, site.organizationId, wanted, columns);
  if (wanted.some((id) => !mayRead.has(id))) throw badInput('userIds', 'errors.recipientLacksRight');
  const [me] = await ctx.database.db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, caller.userId));

  const requestId = await insertExportRequest(ctx.database, {
    organizationId: site.organizationId,
    userId: caller.userId,
    siteName: site.name,
    // Every bucket is a row: the expected count, shown as an estimate until the file is written.
    rowsTotal: bucketCount(input.from.getTime(), input.to.getTime(), { granularity: input.granularity, tz: site.timezone, changeOfDay: site.changeOfDayTime }) * targets.length,
    periodFrom: input.from,
    periodTo: input.to,
    timeZone: site.timezone,
    changeOfDayTime: site.changeOfDayTime,
    format: input.format,
    dataType: input.dataType,
    granularity: input.granularity,
    createdAt: ctx.now(),
    updatedAt: ctx.now(),
  });
  await ctx.jobs.enqueue(sendExportJob, {
    requestId,
    organizationId: site.organizationId,
    userId: caller.userId,
    requestedBy: [me?.firstName, me?.lastName].filter(Boolean).join(' ') || me?.email || '',
    installationId: site.id,
    siteName: site.name,
    timeZone: site.timezone,
    changeOfDay: site.changeOfDayTime,
    targets,
    dataType: input.dataType,
    columns,
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    granularity: input.granularity,
    format: input.format,
    recipients: recipients.map((r) => ({ userId: r.userId, address: r.address, lang: r.lang })),
  });
  return true;
}

/** Who an export may go to: the users of the caller's organizations (spec 002 §6), for the form's recipient list. */
export async function exportRecipients(ctx: Context): Promise<Array<{ id: number; name: string; email: string }>> {
  const caller = requireCaller(ctx);
  await requireGate(ctx, 'exportData');
  return (await usersOfOrganizations(ctx.database, caller.organizationIds)).map((u) => ({ id: u.id, name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email, email: u.email }));
}

/** Most exports the screen lists. */
export const RECENT_EXPORTS = 5;

/** An export as the recent-exports list shows it to the caller, with the download links the caller may revoke. */
export type ExportView = ExportRequestRow & {
  requestedByMe: boolean;
  /** Who asked for it: their name, else their address (null once they are gone). */
  requestedBy: string | null;
  /** The caller's own download link, while it exists: AVAILABLE or REVOKED (null: the file was attached, or the link expired). */
  myLink: ExportLinkState | null;
  /** Links the caller may revoke that still open: every recipient's for the one who asked, the caller's own otherwise. */
  liveLinks: number;
};

/** The caller's latest exports (asked for, or received as a link) with their progress. */
export async function myExports(ctx: Context): Promise<ExportView[]> {
  const caller = requireCaller(ctx);
  await requireGate(ctx, 'exportData');
  const rows = await recentExportRequests(ctx.database, caller.userId, caller.organizationIds, RECENT_EXPORTS);
  const links = await linksOfRequests(ctx.database, rows.map((r) => r.id));
  const askers = [...new Set(rows.map((r) => r.userId))];
  const people = askers.length === 0 ? [] : await ctx.database.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, askers));
  const nameOf = (id: number) => {
    const u = people.find((p) => p.id === id);
    return u ? [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email : null;
  };
  const now = ctx.now().getTime();
  return rows.map((r) => {
    const own = r.userId === caller.userId;
    const mine = links.filter((l) => l.requestId === r.id && l.userId === caller.userId && l.expiresAt.getTime() > now);
    const live = links.filter((l) => l.requestId === r.id && (own || l.userId === caller.userId) && l.revokedAt === null && l.expiresAt.getTime() > now);
    return { ...r, requestedByMe: own, requestedBy: nameOf(r.userId), myLink: mine.length === 0 ? null : mine.some((l) => l.revokedAt === null) ? 'AVAILABLE' : 'REVOKED', liveLinks: live.length };
  });
}

/**
 * Revokes an export's download links from the recent-exports list: the one who asked for it
 * revokes every recipient's, a recipient their own, both in an organization they act in. NOT_FOUND
 * for anyone else.
 */
export async function revokeExportLinks(ctx: Context, requestId: number): Promise<number> {
  const caller = requireCaller(ctx);
  const request = await findExportRequest(ctx.database, requestId);
  if (!request || !caller.organizationIds.includes(request.organizationId)) throw notFound();
  if (request.userId === caller.userId) return revokeRequestLinks(ctx.database, requestId, null, ctx.now());
  const own = (await linksOfRequests(ctx.database, [requestId])).some((l) => l.userId === caller.userId);
  if (!own) throw notFound();
  return revokeRequestLinks(ctx.database, requestId, caller.userId, ctx.now());
}

/** The e-mail's page: what a link's holder may know of it (no sign-in; the token is the proof). */
export async function exportLinkInfo(ctx: Context, token: string) {
  const { state, link } = await openExportLink(ctx.database, token, ctx.now());
  return { state, link };
}

/** The e-mail's page: the holder revokes the link. */
export const revokeExportLink = (ctx: Context, token: string): Promise<ExportLinkState> => revokeExportLinkByToken(ctx.database, token, ctx.now());
