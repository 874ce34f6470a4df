import { builder } from '../../graphql/builder.ts';
import { endViewAs, viewAsUser } from './viewAs.ts';

const ViewAsSessionRef = builder.objectRef<{ token: string; expiresAt: Date }>('ViewAsSession').implement({
  fields: (t) => ({
    token: t.exposeString('token', { description: 'Access token of the view-as session, with the adminUserId claim; sent as the bearer instead of the normal one.' }),
    expiresAt: t.field({ type: 'DateTime', resolve: (s) => s.expiresAt }),
  }),
});

builder.mutationFields((t) => ({
  viewAsUser: t.field({
    type: ViewAsSessionRef,
    description: 'Administrators: opens the product as a user of their organization for VIEW_AS_MINUTES (60), in a session of its own.',
    authScopes: { signedIn: true },
    args: { userId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => viewAsUser(ctx, a.userId),
  }),
  endViewAs: t.boolean({
    description: 'Ends the view-as session of the bearer token.',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => endViewAs(ctx),
  }),
}));
