import { builder } from '../../graphql/builder.ts';
import { login, logout, renew } from './auth.service.ts';
import { sessionEnded } from './sessionEnd.ts';

builder.queryField('login', (t) =>
  t.string({
    description: 'Signs in; returns an access token and sets the HttpOnly session cookie. POST only.',
    extensions: { postOnly: true },
    args: {
      email: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      deviceId: t.arg.string(),
      rememberMe: t.arg.boolean(),
    },
    resolve: (_root, args, ctx) => login(ctx, args.email, args.password),
  }),
);

builder.queryField('renew', (t) =>
  t.string({
    nullable: true,
    description: 'A fresh access token for a live session, or null when there is none. POST only.',
    extensions: { postOnly: true },
    resolve: (_r, _a, ctx) => renew(ctx),
  }),
);

builder.mutationField('logout', (t) => t.boolean({ resolve: (_r, _a, ctx) => logout(ctx) }));

builder.subscriptionField('sessionEnded', (t) =>
  t.field({
    type: 'Boolean',
    description:
      'Sends true once the bearer’s session ends (sign-out, revocation, a password change; a view-as session with the session it was started from), then ends. Nothing is sent while it lives.',
    authScopes: { signedIn: true },
    subscribe: (_r, _a, ctx) => sessionEnded(ctx),
    resolve: (ended: boolean) => ended,
  }),
);
