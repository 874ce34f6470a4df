import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin, { RequestCache } from '@pothos/plugin-scope-auth';
import { createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { releaseContextCachesPlugin } from './releaseContextCaches.ts';

// A schema with scope-auth as ours has, whose field reports the scope cache its request used.
function schemaSeeingCaches() {
  const seen: Array<{ context: object; cache: unknown }> = [];
  const builder = new SchemaBuilder<{ Context: { signedIn: boolean }; AuthScopes: { signedIn: boolean } }>({
    plugins: [ScopeAuthPlugin],
    scopeAuth: { authScopes: async (ctx) => ({ signedIn: ctx.signedIn }) },
  });
  builder.queryType({
    fields: (t) => ({
      answer: t.int({
        authScopes: { signedIn: true },
        resolve: (_root, _args, ctx) => {
          seen.push({ context: ctx, cache: RequestCache.fromContext(ctx, builder) });
          return 42;
        },
      }),
    }),
  });
  return { schema: builder.toSchema(), builder, seen };
}

async function ask(plugins: ReturnType<typeof releaseContextCachesPlugin>[]) {
  const { schema, builder, seen } = schemaSeeingCaches();
  const yoga = createYoga({ schema, plugins, context: () => ({ signedIn: true }), logging: false });
  const res = await yoga.fetch('http://localhost/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ answer }' }) });
  expect(await res.json()).toEqual({ data: { answer: 42 } });
  expect(seen).toHaveLength(1);
  const { context, cache } = seen[0]!;
  // Asked again after the request: the same object when the request's entry is still kept.
  return { kept: RequestCache.fromContext(context as { signedIn: boolean }, builder) === cache };
}

describe('releaseContextCachesPlugin', () => {
  it("removes an operation's scope-auth cache once its execution is done", async () => {
    expect(await ask([releaseContextCachesPlugin()])).toEqual({ kept: false });
  });

  it('without it, the entry outlives the request (what the plugin is for)', async () => {
    expect(await ask([])).toEqual({ kept: true });
  });
});
