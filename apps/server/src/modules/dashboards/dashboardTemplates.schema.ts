import { builder } from '../../graphql/builder.ts';
import { CreatedDashboardRef } from './dashboardCopy.schema.ts';
import { DASHBOARD_TEMPLATES } from './dashboardTemplates.ts';
import * as service from './dashboardTemplates.service.ts';

const TemplateKey = builder.enumType('DashboardTemplateKey', { values: DASHBOARD_TEMPLATES });

const AvailabilityRef = builder.objectRef<service.TemplateAvailability>('DashboardTemplateAvailability').implement({
  fields: (t) => ({
    key: t.field({ type: TemplateKey, resolve: (a) => a.key }),
    available: t.exposeBoolean('available'),
    missing: t.exposeStringList('missing', { description: 'The metric families the site lacks: counting, sales, atmosphere, energy.' }),
  }),
});

builder.queryFields((t) => ({
  dashboardTemplates: t.field({
    type: [AvailabilityRef],
    authScopes: { signedIn: true },
    description: 'The dashboard templates and whether the site has the metrics each needs.',
    args: { installationId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.dashboardTemplates(ctx, a.installationId),
  }),
}));

builder.mutationFields((t) => ({
  createDashboardFromTemplate: t.field({
    type: CreatedDashboardRef,
    authScopes: { signedIn: true },
    description: 'A new dashboard of the caller from a template, filled with the site’s zones, sensors and meters; widget titles in `language`.',
    args: {
      installationId: t.arg.int({ required: true }),
      template: t.arg({ type: TemplateKey, required: true }),
      name: t.arg.string({ required: true }),
      language: t.arg.string({ required: false, description: 'The creator’s language for the widget titles (en when absent).' }),
    },
    resolve: (_r, a, ctx) => service.createDashboardFromTemplate(ctx, a.installationId, a.template, a.name, a.language),
  }),
}));
