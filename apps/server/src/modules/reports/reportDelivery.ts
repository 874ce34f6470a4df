import { createHash, randomBytes } from 'node:crypto';
import { UNSUBSCRIBE_TOKEN_DAYS, closedDaysSummary, conjunctionList, figureChange, formatFigureChange, formatMetricValue, languageDateFormat, periodLabels, periodName, pointsWordKey, safeFileName, timeZoneDisplayName } from '@sitelens/domain';
import type { JobDeps } from '../../jobs/jobDeps.ts';
import { messageTexts } from '../../messages/render/messageTexts.ts';
import { organizationContext } from '../auth/organizationContext.ts';
import { type ReportScope, reportRows, reportSummary } from './reportContent.ts';
import { findInstallation } from '../installations/installations.repo.ts';
import { closedDaysSentence, granularityKey, metricLabel } from './reportTexts.ts';
import { workbookBytes } from './reportWorkbook.ts';
import { reportEmail } from './reports.messages.ts';
import { insertUnsubscribeToken } from './reports.repo.ts';
import { inactiveMemberAddresses } from '../users/users.repo.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ReportDelivery {
  organizationId: number;
  /** Who asked (the report's author): the metrics are read as of the organization. */
  userId: number | null;
  /** Set for a scheduled report: each recipient gets an unsubscribe link. */
  reportId: number | null;
  /** Set for "Send a test now": the address of who asked; the mail says it is a test on their request. */
  testFor?: string | null;
  title: string;
  lang: string;
  siteName: string;
  /** The zones' names, listed in the report's language by the mail and the workbook. */
  zoneNames: string[];
  scope: ReportScope;
  recipients: Array<{ address: string; lang?: string; userId?: number | null }>;
  /** "This send once" per recipient (a schedule's occurrence); none for a send now. */
  dedupePrefix: string | null;
}

export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Builds the report once (numbers from the metrics engine) and hands one e-mail per recipient to the queue. */
export async function deliverReport(deps: JobDeps, d: ReportDelivery): Promise<number> {
  const ctx = organizationContext(deps, d.organizationId, d.userId);
  const [summary, data, site] = await Promise.all([reportSummary(ctx, d.scope), reportRows(ctx, d.scope), findInstallation(deps.database, d.scope.installationId)]);
  const t = messageTexts(d.lang);
  const zoneName = conjunctionList(d.lang, d.zoneNames);
  // The days the site did not open (its opening hours as they are now): said, rather than figures left at "-" unexplained.
  // Many of them (a year of Sundays) are counted, not listed (closedDaysSummary).
  const closed = closedDaysSummary(d.scope.from, d.scope.to, site?.openingHours ?? [], d.scope.timeZone, d.scope.changeOfDay);
  const bytes = await workbookBytes({
    lang: d.lang,
    title: d.title,
    siteName: d.siteName,
    zoneName,
    timeZone: d.scope.timeZone,
    changeOfDay: d.scope.changeOfDay,
    from: d.scope.from,
    to: d.scope.to,
    granularity: d.scope.granularity,
    granularityLabel: t(granularityKey(d.scope.granularity)),
    summary,
    closed,
    columns: data.columns,
    rows: data.rows,
  });
  // The site's business days, the last one included (27/11 to 28/11, not to 29/11 04:59), written as the workbook writes them.
  const { from, to } = periodLabels(periodName(d.scope.from, d.scope.to, d.scope.timeZone, d.scope.changeOfDay), { format: languageDateFormat(d.lang), tz: d.scope.timeZone });
  const facts = summary.map((s): [string, string] => {
    const value = formatMetricValue(s.metric, s.value, { locale: d.lang });
    // A rate moves in points (30.75 % → 32.11 %: +1.36 pts), other figures relatively.
    const moved = figureChange(s.metric, s.value, s.previousValue, s.evolution);
    if (moved === null) return [metricLabel(d.lang, s.metric), value];
    const change = formatFigureChange(s.metric, moved, d.lang, (v) => t(`reports.email.${pointsWordKey(s.metric)}`, { value: v }));
    return [metricLabel(d.lang, s.metric), t('reports.email.change', { value, change })];
  });
  // The zone as the reader names it ("Central European Time"), not its IANA id.
  const zoneLabel = timeZoneDisplayName(d.scope.timeZone, d.lang, deps.now().getTime());
  const closedText = closedDaysSentence(d.lang, t, d.siteName, closed);
  const filename = safeFileName(`${d.title} ${from}`, 'xlsx');
  let sent = 0;
  // A member whose membership is inactive gets none of the organization's reports (issue 28.3).
  const silenced = await inactiveMemberAddresses(deps.database, d.organizationId);
  for (const r of d.recipients) {
    if (silenced.has(r.address.trim().toLowerCase())) continue;
    let unsubscribeToken: string | null = null;
    if (d.reportId !== null) {
      unsubscribeToken = randomBytes(24).toString('base64url');
      await insertUnsubscribeToken(deps.database, {
        tokenHash: tokenDigest(unsubscribeToken),
        reportId: d.reportId,
        email: r.address,
        expiresAt: new Date(deps.now().getTime() + UNSUBSCRIBE_TOKEN_DAYS * 86_400_000),
      });
    }
    const id = await deps.messages.email({
      template: reportEmail,
      data: { title: d.title, site: d.siteName, zone: zoneName, from, to, timeZone: zoneLabel, facts, closed: closedText, unsubscribeToken, testFor: d.testFor ?? null },
      to: { address: r.address, lang: d.lang, userId: r.userId ?? null },
      organizationId: d.organizationId,
      attachments: [{ filename, contentType: XLSX_TYPE, content: bytes }],
      ...(d.dedupePrefix ? { dedupeKey: `${d.dedupePrefix}:${r.address}` } : {}),
    });
    if (id !== null) sent += 1;
  }
  return sent;
}
