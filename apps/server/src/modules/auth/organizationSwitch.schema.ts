import { builder } from '../../graphql/builder.ts';
import { type OrganizationChoice, myOrganizations, switchOrganization } from './organizationSwitch.ts';

const OrganizationChoiceRef = builder.objectRef<OrganizationChoice>('OrganizationChoice').implement({
  description: 'An organization the caller may act in.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    current: t.exposeBoolean('current', { description: 'The organization the caller acts in now.' }),
  }),
});

builder.queryFields((t) => ({
  myOrganizations: t.field({
    type: [OrganizationChoiceRef],
    description: 'The organizations the caller may act in (the header’s switcher, shown with more than one).',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => myOrganizations(ctx),
  }),
}));

builder.mutationFields((t) => ({
  switchOrganization: t.boolean({
    description: 'Acts in another organization of the caller’s from the next call on: rights, data and users are that organization’s.',
    authScopes: { signedIn: true },
    args: { organizationId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => switchOrganization(ctx, a.organizationId),
  }),
}));
