import { builder } from '../../graphql/builder.ts';
import type { ApiKeyRow } from './apikeys.repo.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './apikeys.service.ts';

const ApiKeyRef = builder.objectRef<ApiKeyRow>('ApiKey').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    prefix: t.exposeString('prefix', { description: 'The 8 characters after "sk_live_": names the key in lists and in MQTT topics.' }),
    createdBy: t.exposeInt('createdBy', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (k) => k.createdAt }),
    lastUsedAt: t.field({ type: 'DateTime', nullable: true, resolve: (k) => k.lastUsedAt }),
    revokedAt: t.field({ type: 'DateTime', nullable: true, resolve: (k) => k.revokedAt }),
  }),
});

const CreatedApiKeyRef = builder.objectRef<{ apiKey: ApiKeyRow; secret: string }>('CreatedApiKey').implement({
  fields: (t) => ({
    apiKey: t.field({ type: ApiKeyRef, resolve: (c) => c.apiKey }),
    secret: t.exposeString('secret', { description: 'The full key; shown once, only its hash is kept.' }),
  }),
});

builder.queryField('apiKeys', (t) => t.field({ type: [ApiKeyRef], authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => listApiKeys(ctx) }));

builder.mutationFields((t) => ({
  createApiKey: t.field({
    type: CreatedApiKeyRef,
    authScopes: { signedIn: true },
    args: { name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => createApiKey(ctx, a.name),
  }),
  revokeApiKey: t.field({
    type: ApiKeyRef,
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => revokeApiKey(ctx, a.id),
  }),
}));
