import { EXPORT_DEFAULT_GRANULARITY } from '@sitelens/domain';
import { builder } from '../../graphql/builder.ts';
import type { ExportRequestRow } from './exports.repo.ts';
import { exportData, exportRecipients, myExports } from './exports.service.ts';

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

const ExportRequestRef = builder.objectRef<ExportRequestRow>('ExportRequest').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    siteName: t.exposeString('siteName'),
    status: t.field({ type: ExportStatusEnum, resolve: (r) => r.status as 'QUEUED' | 'RUNNING' | 'SENT' | 'FAILED' }),
    rowsDone: t.exposeInt('rowsDone'),
    rowsTotal: t.exposeInt('rowsTotal', { description: 'Rows expected at most (buckets without data are left out, so a finished export may have fewer).' }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
  }),
});

builder.queryField('myExports', (t) =>
  t.field({
    type: [ExportRequestRef],
    description: 'The caller’s 5 latest exports with their progress. Needs the export right.',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => myExports(ctx),
  }),
);
