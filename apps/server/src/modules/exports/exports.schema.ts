import { EXPORT_DEFAULT_GRANULARITY } from '@sitelens/domain';
import { builder } from '../../graphql/builder.ts';
import type { ExportLinkRow } from './exports.repo.ts';
import { type ExportView, exportData, exportLinkInfo, exportRecipients, myExports, revokeExportLink, revokeExportLinks } from './exports.service.ts';

const TargetEnum = builder.enumType('ExportTarget', { values: ['zone', 'passage'] as const });
const FormatEnum = builder.enumType('ExportFormat', { values: ['XLSX', 'CSV'] as const });

builder.queryField('exportData', (t) =>
  t.boolean({
    description:
      'ExportData (spec 002 §7): queues the file, built through the metrics engine and mailed to each recipient (users of the organization). Needs a static dashboard, dashboard.report create (or unset) and the export feature.',
    authScopes: { signedIn: true },
    args: {
      dataType: t.arg.string({ required: true, description: '"counting" (entries and exits) or a metric id.' }),
      from: t.arg({ type: 'DateTime', required: true }),
      to: t.arg({ type: 'DateTime', required: true, description: 'At most 366 days after from; at most 1,000,000 rows.' }),
      userIds: t.arg.intList({ required: true, description: '1 to 50 users of the organization.' }),
      granularity: t.arg.int({ defaultValue: EXPORT_DEFAULT_GRANULARITY, description: 'Seconds: 60, 900, 3600, 86400, 604800 or 2592000.' }),
      includeSubZones: t.arg.boolean({ defaultValue: true }),
      target: t.arg({ type: TargetEnum, defaultValue: 'zone' }),
      installationId: t.arg.int({ required: true }),
      zoneIds: t.arg.intList({ required: true, description: '1 to 50 zones of the site.' }),
      format: t.arg({ type: FormatEnum, defaultValue: 'XLSX' }),
    },
    resolve: (_r, a, ctx) =>
      exportData(ctx, {
        ...a,
        granularity: a.granularity ?? EXPORT_DEFAULT_GRANULARITY,
        includeSubZones: a.includeSubZones ?? true,
        target: a.target ?? 'zone',
        format: a.format ?? 'XLSX',
      }),
  }),
);

const RecipientRef = builder.objectRef<{ id: number; name: string; email: string }>('ExportRecipient').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name'), email: t.exposeString('email') }),
});

builder.queryField('exportRecipients', (t) =>
  t.field({
    type: [RecipientRef],
    description: 'The users an export may be sent to (the organization’s). Needs the export right.',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => exportRecipients(ctx),
  }),
);

const ExportStatusEnum = builder.enumType('ExportStatus', { values: ['QUEUED', 'RUNNING', 'SENT', 'FAILED'] as const });

const LinkStateEnum = builder.enumType('ExportLinkState', {
  description: 'AVAILABLE: the file downloads. REVOKED: revoked by its recipient or by whoever asked for the export. UNAVAILABLE: unknown, expired, or its recipient has left the organization.',
  values: ['AVAILABLE', 'REVOKED', 'UNAVAILABLE'] as const,
});

const ExportRequestRef = builder.objectRef<ExportView>('ExportRequest').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    siteName: t.exposeString('siteName'),
    status: t.field({ type: ExportStatusEnum, resolve: (r) => r.status as 'QUEUED' | 'RUNNING' | 'SENT' | 'FAILED' }),
    rowsDone: t.exposeInt('rowsDone'),
    rowsTotal: t.exposeInt('rowsTotal', { description: 'Until SENT, the rows expected (one per bucket and zone or passage); once SENT, the rows written.' }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
    from: t.field({ type: 'DateTime', nullable: true, description: 'The period asked, [from, to); null on exports asked before it was kept.', resolve: (r) => r.periodFrom }),
    to: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.periodTo }),
    timeZone: t.string({ nullable: true, description: 'The site’s time zone when the export was asked.', resolve: (r) => r.timeZone }),
    changeOfDayTime: t.string({ nullable: true, description: 'The site’s change-of-day time then (its business days name the period).', resolve: (r) => r.changeOfDayTime }),
    format: t.field({ type: FormatEnum, nullable: true, resolve: (r) => (r.format === 'CSV' || r.format === 'XLSX' ? r.format : null) }),
    dataType: t.string({ nullable: true, resolve: (r) => r.dataType }),
    granularity: t.int({ nullable: true, resolve: (r) => r.granularity }),
    requestedByMe: t.exposeBoolean('requestedByMe', { description: 'False for an export another user sent to the caller as a link.' }),
    requestedBy: t.string({ nullable: true, description: 'Who asked for it (name, else e-mail).', resolve: (r) => r.requestedBy }),
    myLink: t.field({ type: LinkStateEnum, nullable: true, description: 'The caller’s own download link (null: attached, none, or expired).', resolve: (r) => r.myLink }),
    liveLinks: t.exposeInt('liveLinks', { description: 'Download links the caller may revoke that still open: every recipient’s for whoever asked, the caller’s own otherwise.' }),
  }),
});

builder.queryField('myExports', (t) =>
  t.field({
    type: [ExportRequestRef],
    description: 'The caller’s 5 latest exports (asked for, or received as a link) with their progress. Needs the export right.',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => myExports(ctx),
  }),
);

builder.mutationField('revokeExportLinks', (t) =>
  t.int({
    description: 'Revokes the download links of an export: every recipient’s for whoever asked for it, the caller’s own for a recipient. Answers how many still opened.',
    authScopes: { signedIn: true },
    args: { requestId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => revokeExportLinks(ctx, a.requestId),
  }),
);

const LinkFileRef = builder.objectRef<ExportLinkRow>('ExportLinkFile').implement({
  fields: (t) => ({
    fileName: t.exposeString('fileName'),
    bytes: t.exposeInt('bytes'),
    expiresAt: t.field({ type: 'DateTime', resolve: (l) => l.expiresAt }),
    siteName: t.string({ nullable: true, resolve: (l) => l.request?.siteName ?? null }),
    from: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.request?.periodFrom ?? null }),
    to: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.request?.periodTo ?? null }),
    timeZone: t.string({ nullable: true, resolve: (l) => l.request?.timeZone ?? null }),
    changeOfDayTime: t.string({ nullable: true, resolve: (l) => l.request?.changeOfDayTime ?? null }),
    format: t.field({ type: FormatEnum, nullable: true, resolve: (l) => (l.request?.format === 'CSV' || l.request?.format === 'XLSX' ? l.request.format : null) }),
  }),
});

const LinkInfoRef = builder.objectRef<{ state: 'AVAILABLE' | 'REVOKED' | 'UNAVAILABLE'; link: ExportLinkRow | null }>('ExportLink').implement({
  fields: (t) => ({
    state: t.field({ type: LinkStateEnum, resolve: (i) => i.state }),
    file: t.field({ type: LinkFileRef, nullable: true, description: 'Only while the link opens.', resolve: (i) => i.link }),
  }),
});

builder.queryField('exportLink', (t) =>
  t.field({
    type: LinkInfoRef,
    description: 'No sign-in: the page an export e-mail links to reads its link with the token (the file itself is GET /api/exports/<token>).',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => exportLinkInfo(ctx, a.token),
  }),
);

builder.mutationField('revokeExportLink', (t) =>
  t.field({
    type: LinkStateEnum,
    description: 'No sign-in: the holder of an export link revokes it (REVOKED), or learns it no longer opened (UNAVAILABLE).',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => revokeExportLink(ctx, a.token),
  }),
);
