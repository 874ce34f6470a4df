import { builder } from '../../../graphql/builder.ts';
import { type OidcProvider, configuredProviders } from './providers.ts';

const ProviderKindRef = builder.enumType('SignInProviderKind', {
  description: 'A social identity provider or a retail-partner provider (spec 000 §2).',
  values: ['SOCIAL', 'RETAIL_PARTNER'] as const,
});

const SignInProviderRef = builder.objectRef<OidcProvider>('SignInProvider').implement({
  description: 'A single sign-on provider the login page offers; its button opens `startPath`.',
  fields: (t) => ({
    id: t.exposeString('id'),
    kind: t.field({ type: ProviderKindRef, resolve: (p) => p.kind }),
    label: t.exposeString('label', { nullable: true, description: 'The provider’s name (e.g. Google); null: the generic translated words.' }),
    startPath: t.string({ resolve: (p) => `/auth/oidc/${p.id}/start` }),
  }),
});

builder.queryField('signInProviders', (t) =>
  t.field({
    type: [SignInProviderRef],
    description: 'The configured single sign-on providers, for the login page (none when none is configured).',
    resolve: (_r, _a, ctx) => configuredProviders(ctx.config),
  }),
);
