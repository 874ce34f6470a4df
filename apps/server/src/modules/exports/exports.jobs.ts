import { createHash, randomBytes } from 'node:crypto';
import { EXPORT_LINK_DAYS, type ExportFormat, exportRowEstimate, safeFileName } from '@sitelens/domain';
import { defineJob } from '../../jobs/defineJob.ts';
import { messageTexts } from '../../messages/render/messageTexts.ts';
import { organizationContext } from '../auth/organizationContext.ts';
import { XLSX_TYPE } from '../reports/reportDelivery.ts';
import { exportEmail } from '../reports/reports.messages.ts';
import { granularityKey, metricLabel } from '../reports/reportTexts.ts';
import { type ExportTarget, buildExportFile, exportPeriodLabel } from './exportFile.ts';
import { insertExportFile, setExportProgress } from './exports.repo.ts';

export interface ExportJobData {
  /** The export_requests row whose progress the export screen shows. */
  requestId?: number;
  organizationId: number;
  userId: number;
  requestedBy: string;
  installationId: number;
  siteName: string;
  timeZone: string;
  targets: ExportTarget[];
  dataType: string;
  columns: string[];
  from: string;
  to: string;
  granularity: number;
  format: ExportFormat;
  recipients: Array<{ userId: number; address: string; lang: string }>;
}

export const exportTokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Builds the export once per language among its recipients and mails it to each; a file over
 * EXPORT_ATTACHMENT_MAX_BYTES is stored and sent as a link that expires and needs nothing else.
 */
export const sendExportJob = defineJob<ExportJobData>({
  name: 'exports.send',
  options: { retryLimit: 2, retryDelaySeconds: 60, timeoutSeconds: 1800, batchSize: 1 },
  async run(d, run, deps) {
    const contexts = () => organizationContext(deps, d.organizationId, d.userId);
    const spec = { ...d, from: Date.parse(d.from), to: Date.parse(d.to) };
    const period = exportPeriodLabel(spec);
    const extension = d.format === 'CSV' ? 'csv' : 'xlsx';
    const langs = [...new Set(d.recipients.map((r) => r.lang))];
    const perFile = exportRowEstimate(spec.from, spec.to, d.granularity, d.targets.length);
    let doneBefore = 0;
    const progress = (values: { status?: string; rowsDone?: number; rowsTotal?: number }) =>
      d.requestId ? setExportProgress(deps.database, d.requestId, values, deps.now()) : Promise.resolve();
    await progress({ status: 'RUNNING', rowsDone: 0, rowsTotal: perFile * langs.length });
    const contentType = d.format === 'CSV' ? 'text/csv; charset=utf-8' : XLSX_TYPE;
    for (const lang of langs) {
      const t = messageTexts(lang);
      const metric = d.dataType === 'counting' ? d.columns.map((c) => metricLabel(lang, c)).join(', ') : metricLabel(lang, d.dataType);
      const filename = safeFileName(`${d.siteName} ${period.from.slice(0, 10)}`, extension);
      const bytes = await buildExportFile(contexts, spec, lang, (written) => progress({ rowsDone: doneBefore + written }));
      doneBefore += perFile;
      let downloadPath: string | null = null;
      if (bytes.length > deps.config.EXPORT_ATTACHMENT_MAX_BYTES) {
        const token = randomBytes(24).toString('base64url');
        await insertExportFile(deps.database, {
          organizationId: d.organizationId,
          fileName: filename,
          contentType,
          content: bytes,
          tokenHash: exportTokenDigest(token),
          expiresAt: new Date(deps.now().getTime() + EXPORT_LINK_DAYS * 86_400_000),
        });
        downloadPath = `/api/exports/${token}`;
      }
      for (const r of d.recipients.filter((x) => x.lang === lang)) {
        await deps.messages.email({
          template: exportEmail,
          data: { metric, site: d.siteName, ...period, granularity: t(granularityKey(d.granularity)), requestedBy: d.requestedBy, downloadPath, linkDays: EXPORT_LINK_DAYS },
          to: { address: r.address, lang, userId: r.userId },
          organizationId: d.organizationId,
          ...(downloadPath ? {} : { attachments: [{ filename, contentType, content: bytes }] }),
          dedupeKey: `export:${run.id}:${r.address}`,
        });
      }
    }
    await progress({ status: 'SENT', rowsDone: doneBefore, rowsTotal: doneBefore });
  },
  async onFinalFailure(d, _reason, deps) {
    if (d.requestId) await setExportProgress(deps.database, d.requestId, { status: 'FAILED' }, deps.now());
  },
});
