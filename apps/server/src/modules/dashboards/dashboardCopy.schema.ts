import { builder } from '../../graphql/builder.ts';
import type { CreatedDashboard } from './dashboardCopy.service.ts';
import * as service from './dashboardCopy.service.ts';

export const CreatedDashboardRef = builder.objectRef<CreatedDashboard>('CreatedDashboard').implement({
  description: 'A dashboard just created from a template, a copy or a file (issue 32).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    url: t.exposeString('url', { description: 'Where the web app opens it: its first page, or its editor when it has none.' }),
  }),
});

builder.mutationFields((t) => ({
  duplicateDashboard: t.field({
    type: CreatedDashboardRef,
    authScopes: { signedIn: true },
    description: 'Copies a dashboard the caller sees, within its organization, as their own with a first version.',
    args: { dashboardId: t.arg.int({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => service.duplicateDashboard(ctx, a.dashboardId, a.name),
  }),
}));
