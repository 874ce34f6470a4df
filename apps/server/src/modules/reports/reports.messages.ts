import { defineEmailTemplate } from '../../messages/render/templates.ts';

export interface ReportEmailData {
  title: string;
  site: string;
  zone: string;
  from: string;
  to: string;
  timeZone: string;
  /** Metric name and its value with the change on the previous period, already in the report's language. */
  facts: Array<[string, string]>;
  /** Which days of the period the site was closed, already in the report's language; null when it opened every day. */
  closed?: string | null;
  /** The recipient's single-use unsubscribe token; absent for a one-off report. */
  unsubscribeToken: string | null;
  /** "Send a test now": the address of who asked (a test is never sent to the list). */
  testFor?: string | null;
}

/** A scheduled (or one-off) report: the summary in the body, the workbook attached. */
export const reportEmail = defineEmailTemplate<ReportEmailData>('reports.report', (data, t, ctx) => ({
  subject: t(data.testFor ? 'reports.email.testSubject' : 'reports.email.subject', { title: data.title, site: data.site, from: data.from, to: data.to }),
  preheader: t('reports.email.body', { site: data.site, zone: data.zone, from: data.from, to: data.to, timeZone: data.timeZone }),
  blocks: [
    { type: 'heading', text: data.title },
    ...(data.testFor ? [{ type: 'paragraph' as const, text: t('reports.email.test', { address: data.testFor }) }] : []),
    { type: 'paragraph', text: t('reports.email.body', { site: data.site, zone: data.zone, from: data.from, to: data.to, timeZone: data.timeZone }) },
    ...(data.closed ? [{ type: 'paragraph' as const, text: data.closed }] : []),
    { type: 'facts', rows: data.facts },
    { type: 'button', label: t('reports.email.open'), url: ctx.link('/reports') },
    ...(data.unsubscribeToken ? [{ type: 'note' as const, text: t('reports.email.note') }] : []),
  ],
  ...(data.unsubscribeToken ? { unsubscribeUrl: ctx.link(`/unsubscribe-confirm?token=${encodeURIComponent(data.unsubscribeToken)}`) } : {}),
}));

export interface ExportEmailData {
  metric: string;
  site: string;
  from: string;
  to: string;
  granularity: string;
  requestedBy: string;
  /** Set when the file was too large to attach: the recipient's own link's page (download or revoke). */
  downloadPath: string | null;
  linkDays: number;
}

export const exportEmail = defineEmailTemplate<ExportEmailData>('reports.export', (data, t, ctx) => ({
  subject: t('reports.export.subject', { site: data.site }),
  preheader: t('reports.export.heading'),
  blocks: [
    { type: 'heading', text: t('reports.export.heading') },
    data.downloadPath
      ? { type: 'paragraph', text: t('reports.export.linkBody', { metric: data.metric, site: data.site, from: data.from, to: data.to, count: data.linkDays }) }
      : { type: 'paragraph', text: t('reports.export.body', { metric: data.metric, site: data.site, from: data.from, to: data.to, granularity: data.granularity }) },
    ...(data.downloadPath
      ? [
          { type: 'button' as const, label: t('reports.export.download'), url: ctx.link(data.downloadPath) },
          { type: 'note' as const, text: t('reports.export.linkNote') },
        ]
      : []),
    { type: 'note', text: t('reports.export.requestedBy', { name: data.requestedBy }) },
  ],
}));
