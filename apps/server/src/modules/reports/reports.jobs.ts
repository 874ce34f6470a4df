import { reportPeriod } from '@sitelens/domain';
import { defineJob } from '../../jobs/defineJob.ts';
import type { JobDeps } from '../../jobs/jobDeps.ts';
import { deliverReport } from './reportDelivery.ts';
import { type ReportWithContext, findReport, reportStateOf } from './reports.repo.ts';

const OPTIONS = { retryLimit: 3, retryDelaySeconds: 60, timeoutSeconds: 300, batchSize: 2 };

function scheduledDelivery(
  report: ReportWithContext,
  occurrence: Date,
  recipients: Array<{ address: string; lang?: string; userId?: number | null }>,
  dedupePrefix: string | null,
  testFor: string | null = null,
) {
  const [from, to] = reportPeriod(occurrence.getTime(), report.daysIncluded, report.timezone, report.changeOfDayTime);
  return {
    organizationId: report.organizationId,
    userId: report.createdBy,
    // A test is sent to who asked, who may not be on the list: no unsubscribe link, no "you are on its list".
    reportId: testFor === null ? report.id : null,
    testFor,
    title: report.title,
    lang: report.language,
    siteName: report.siteName,
    zoneNames: [report.zoneName],
    scope: { installationId: report.installationId, zoneIds: [report.zoneId], timeZone: report.timezone, changeOfDay: report.changeOfDayTime, from, to, granularity: report.granularity, eventMetrics: report.eventMetrics },
    recipients,
    dedupePrefix,
  };
}

/**
 * A scheduled report's occurrence (its schedule runs in the site's time zone): the days before the
 * occurrence, to each address on the report once per occurrence, however often the job runs.
 */
export const sendReportJob = defineJob<{ reportId: number }>({
  name: 'reports.send',
  options: OPTIONS,
  async run({ reportId }, run, deps: JobDeps) {
    const report = await findReport(deps.database, reportId);
    const occurrence = run.occurrence ?? deps.now();
    if (!report || !report.enabled || report.emails.length === 0) return;
    if (reportStateOf(report, occurrence.getTime()) === 'INACTIVE') return;
    const sent = await deliverReport(deps, scheduledDelivery(report, occurrence, report.emails.map((address) => ({ address })), `report:${report.id}:${occurrence.toISOString()}`));
    deps.log.info({ reportId, occurrence, sent }, 'report sent');
  },
});

/**
 * "Send a test now": the report as of now, to the user who asked only. It says it is a test sent on
 * their request, and carries no unsubscribe (they may not be on the list; the list is not theirs to leave here).
 */
export const sendReportNowJob = defineJob<{ reportId: number; at: string; to: { address: string; userId: number } }>({
  name: 'reports.sendNow',
  options: { ...OPTIONS, retryLimit: 1 },
  async run({ reportId, at, to }, _run, deps) {
    const report = await findReport(deps.database, reportId);
    if (!report) return;
    await deliverReport(deps, scheduledDelivery(report, new Date(at), [to], `report-now:${report.id}:${at}`, to.address));
  },
});

export interface RetailReportData {
  organizationId: number;
  userId: number;
  installationId: number;
  siteName: string;
  timeZone: string;
  /** The site's change-of-day time; jobs queued before it was carried read midnight. */
  changeOfDay?: string;
  zoneIds: number[];
  /** Listed in the report's language when sent. */
  zoneNames?: string[];
  /** Jobs queued before zoneNames: the names already joined. */
  zoneName?: string;
  eventMetrics: string[];
  from: string;
  to: string;
  granularity: number;
  emails: string[];
  lang: string;
  title: string;
}

/** createRetailReport: the same report, once, for the range and zones asked. */
export const sendRetailReportJob = defineJob<RetailReportData>({
  name: 'reports.sendOnce',
  options: OPTIONS,
  async run(d, run, deps) {
    await deliverReport(deps, {
      organizationId: d.organizationId,
      userId: d.userId,
      reportId: null,
      title: d.title,
      lang: d.lang,
      siteName: d.siteName,
      zoneNames: d.zoneNames ?? [d.zoneName ?? ''],
      scope: { installationId: d.installationId, zoneIds: d.zoneIds, timeZone: d.timeZone, changeOfDay: d.changeOfDay ?? '00:00', from: Date.parse(d.from), to: Date.parse(d.to), granularity: d.granularity, eventMetrics: d.eventMetrics },
      recipients: d.emails.map((address) => ({ address })),
      dedupePrefix: `retail-report:${run.id}`,
    });
  },
});

export const reportJobs = [sendReportJob, sendReportNowJob, sendRetailReportJob];
