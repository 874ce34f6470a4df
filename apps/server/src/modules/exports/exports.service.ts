import { and, eq, inArray, isNull } from 'drizzle-orm';
import { EXPORT_MAX_ROWS, type ExportFormat, exportColumns, exportDataTypes, exportFieldErrors, exportOnPassages, exportRowEstimate } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { badInput, notFound } from '../../graphql/errors.ts';
import { organizationRecipients } from '../../messages/recipients.ts';
import { requireCaller, requireGate, requireOrganization } from '../auth/access.ts';
import { eventsOf, findInstallation } from '../installations/installations.repo.ts';
import { passages, zones } from '../installations/installations.tables.ts';
import { usersOfOrganizations } from '../users/users.repo.ts';
import { users } from '../users/users.tables.ts';
import { sendExportJob } from './exports.jobs.ts';
import { type ExportRequestRow, insertExportRequest, recentExportRequests } from './exports.repo.ts';

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

/** The chosen zones, with every zone under them when asked. */
function withDescendants(all: Array<{ id: number; parentId: number | null }>, chosen: Set<number>): Set<number> {
  const out = new Set(chosen);
  for (let grew = true; grew; ) {
    grew = false;
    for (const z of all) if (z.parentId !== null && out.has(z.parentId) && !out.has(z.id)) grew = out.add(z.id).size > 0;
  }
  return out;
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
  const families = (await eventsOf(ctx.database, site.id)).flatMap((e) => e.metrics);
  if (!exportDataTypes(families).includes(input.dataType)) throw badInput('dataType', 'unknownMetric');
  if (input.target === 'passage' && !exportOnPassages(input.dataType)) throw badInput('target', 'notOnPassages');
  const columns = exportColumns(input.dataType);
  const siteZones = await ctx.database.db
    .select({ id: zones.id, name: zones.name, parentId: zones.parentId })
    .from(zones)
    .where(and(eq(zones.installationId, site.id), isNull(zones.deletedAt)));
  const known = new Set(siteZones.map((z) => z.id));
  if (input.zoneIds.some((id) => !known.has(id))) throw notFound();
  const zoneSet = input.includeSubZones ? withDescendants(siteZones, new Set(input.zoneIds)) : new Set(input.zoneIds);

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
  if (exportRowEstimate(input.from.getTime(), input.to.getTime(), input.granularity, targets.length) > EXPORT_MAX_ROWS) throw badInput('to', 'tooManyRows');

  const wanted = [...new Set(input.userIds)];
  const recipients = await organizationRecipients(ctx.database, site.organizationId, wanted);
  if (recipients.length !== wanted.length) throw notFound();
  const [me] = await ctx.database.db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, caller.userId));

  const requestId = await insertExportRequest(ctx.database, {
    organizationId: site.organizationId,
    userId: caller.userId,
    siteName: site.name,
    rowsTotal: exportRowEstimate(input.from.getTime(), input.to.getTime(), input.granularity, targets.length),
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

/** The caller's latest exports with their progress (the rows written of those expected). */
export async function myExports(ctx: Context): Promise<ExportRequestRow[]> {
  const caller = requireCaller(ctx);
  await requireGate(ctx, 'exportData');
  return recentExportRequests(ctx.database, caller.userId, RECENT_EXPORTS);
}
