import { EXPORT_LINK_DAYS, type ExportFormat, bucketCount, languageDateFormat, periodLabels, periodName, safeFileName } from '@sitelens/domain';
import { defineJob } from '../../jobs/defineJob.ts';
import { messageTexts } from '../../messages/render/messageTexts.ts';
import { organizationContext } from '../auth/organizationContext.ts';
import { XLSX_TYPE } from '../reports/reportDelivery.ts';
import { exportEmail } from '../reports/reports.messages.ts';
import { granularityInTextKey } from '../reports/reportTexts.ts';
import { type ExportSpec, type ExportTarget, buildExportFiles, exportDataLabel } from './exportFile.ts';
import { createExportLink } from './exportLinks.ts';
import { recipientsWhoMayRead } from './recipientRights.ts';
import { deleteExportLink, deleteUnlinkedFiles, deleteUnsentLinks, insertExportFile, purgeExpiredExportFiles, setExportProgress } from './exports.repo.ts';

export interface ExportJobData {
  /** The export_requests row whose progress the export screen shows. */
  requestId?: number;
  organizationId: number;
  userId: number;
  requestedBy: string;
  installationId: number;
  siteName: string;
  timeZone: string;
  /** The site's change-of-day time; jobs queued before it was carried read midnight. */
  changeOfDay?: string;
  targets: ExportTarget[];
  dataType: string;
  columns: string[];
  from: string;
  to: string;
  granularity: number;
  format: ExportFormat;
  recipients: Array<{ userId: number; address: string; lang: string }>;
}

/**
 * Reads the export's data once and writes it in each language among its recipients (one pass, one
 * file per language), then mails each recipient theirs. A file over EXPORT_ATTACHMENT_MAX_BYTES
 * is stored once per language and sent as a link of the recipient's own, which dies with their
 * membership of the organization and can be revoked (exportLinks.ts).
 */
export const sendExportJob = defineJob<ExportJobData>({
  name: 'exports.send',
  options: { retryLimit: 2, retryDelaySeconds: 60, timeoutSeconds: 1800, batchSize: 1 },
  async run(d, run, deps) {
    const contexts = () => organizationContext(deps, d.organizationId, d.userId);
    const spec: ExportSpec = { ...d, changeOfDay: d.changeOfDay ?? '00:00', from: Date.parse(d.from), to: Date.parse(d.to) };
    const period = periodName(spec.from, spec.to, spec.timeZone, spec.changeOfDay);
    const extension = d.format === 'CSV' ? 'csv' : 'xlsx';
    const contentType = d.format === 'CSV' ? 'text/csv; charset=utf-8' : XLSX_TYPE;
    const langs = [...new Set(d.recipients.map((r) => r.lang))];
    const progress = (values: { status?: string; rowsDone?: number; rowsTotal?: number }) =>
      d.requestId ? setExportProgress(deps.database, d.requestId, values, deps.now()) : Promise.resolve();
    // Every bucket of the period is a row (with or without data): the count is known before reading.
    const expected = bucketCount(spec.from, spec.to, { granularity: spec.granularity, tz: spec.timeZone, changeOfDay: spec.changeOfDay }) * spec.targets.length;
    await progress({ status: 'RUNNING', rowsDone: 0, rowsTotal: expected });
    const { files, rows } = await buildExportFiles(contexts, spec, langs, (written) => progress({ rowsDone: written }));

    const mayReceive = await recipientsWhoMayRead(deps.database, d.organizationId, d.recipients.map((r) => r.userId), d.columns);
    const dedupeKey = (address: string) => `export:${run.id}:${address}`;
    // A rerun (its worker died mid-way) first drops what the dead run stored but never sent.
    if (d.requestId) await deleteUnsentLinks(deps.database, d.requestId, d.recipients.map((r) => ({ userId: r.userId, dedupeKey: dedupeKey(r.address) })));
    const expiresAt = new Date(deps.now().getTime() + EXPORT_LINK_DAYS * 86_400_000);
    const stored: number[] = [];
    for (const lang of langs) {
      const t = messageTexts(lang);
      // The mail and the file's name write the period's days as the recipient's language does (30.11.2026 in German), as reports do.
      const labels = periodLabels(period, { format: languageDateFormat(lang), tz: spec.timeZone });
      const filename = safeFileName(`${d.siteName} ${labels.from.slice(0, 10)}`, extension);
      const bytes = files.get(lang)!;
      const fileId =
        bytes.length > deps.config.EXPORT_ATTACHMENT_MAX_BYTES
          ? await insertExportFile(deps.database, { organizationId: d.organizationId, fileName: filename, contentType, content: bytes, expiresAt })
          : null;
      if (fileId !== null) stored.push(fileId);
      for (const r of d.recipients.filter((x) => x.lang === lang)) {
        // Checked when asked for; the file goes only to who is still a member allowed its columns (the job may have waited in the queue).
        if (!mayReceive.has(r.userId)) continue;
        const link = fileId === null ? null : await createExportLink(deps.database, { fileId, requestId: d.requestId ?? null, organizationId: d.organizationId, userId: r.userId, expiresAt });
        const sent = await deps.messages.email({
          template: exportEmail,
          data: {
            metric: exportDataLabel(lang, d.dataType, d.columns),
            site: d.siteName,
            ...labels,
            // Inside the sentence: "(every 15 minutes)", not the picker's "Every 15 minutes".
            granularity: t(granularityInTextKey(d.granularity)),
            requestedBy: d.requestedBy,
            downloadPath: link ? `/export-download?token=${link.token}` : null,
            linkDays: EXPORT_LINK_DAYS,
          },
          to: { address: r.address, lang, userId: r.userId },
          organizationId: d.organizationId,
          ...(link ? {} : { attachments: [{ filename, contentType, content: bytes }] }),
          dedupeKey: dedupeKey(r.address),
        });
        // A retry after this recipient's e-mail went: the new link was not sent, so it goes.
        if (sent === null && link) await deleteExportLink(deps.database, link.id);
      }
    }
    await deleteUnlinkedFiles(deps.database, stored);
    await progress({ status: 'SENT', rowsDone: rows, rowsTotal: rows });
  },
  async onFinalFailure(d, _reason, deps) {
    if (d.requestId) await setExportProgress(deps.database, d.requestId, { status: 'FAILED' }, deps.now());
  },
});

/** Every hour, the stored files whose links have all expired go (an expired link no longer opens either way). */
export const purgeExportFilesJob = defineJob<Record<string, never>>({
  name: 'exports.purge',
  options: { retryLimit: 2 },
  schedule: { rule: { kind: 'interval', minutes: 60 }, timeZone: 'UTC' },
  async run(_data, _run, deps) {
    await purgeExpiredExportFiles(deps.database, deps.now());
  },
});
