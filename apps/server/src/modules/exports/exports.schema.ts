import { EXPORT_DEFAULT_GRANULARITY } from '@sitelens/domain';
import { builder } from '../../graphql/builder.ts';
import { exportData, exportRecipients } from './exports.service.ts';

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
