// Short links /t/{code} (spec 002 §2, §7): createShortLink for the share action, shortLinkByCode
// for the /t/{code} route, which redirects to path + query with the token value as navigation state.
import { builder } from '../../graphql/builder.ts';
import type { ShortLinkRow } from './shortlinks.repo.ts';
import { createShortLink, shortLinkByCode } from './shortlinks.service.ts';

const ShortLinkRef = builder.objectRef<ShortLinkRow>('ShortLink').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    shortPath: t.string({ description: 'The app path of the short link itself: /t/{code}.', resolve: (l) => `/t/${l.code}` }),
    path: t.exposeString('path', { description: 'The target page path.' }),
    query: t.exposeString('query', { description: "The target's query string: '' or starting with '?'." }),
    url: t.string({ description: 'The target: path and query.', resolve: (l) => `${l.path}${l.query}` }),
    token: t.string({
      nullable: true,
      description: "The target query's token value, passed as navigation state.",
      resolve: (l) => new URLSearchParams(l.query).get('token'),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (l) => l.createdAt }),
  }),
});

builder.queryField('shortLinkByCode', (t) =>
  t.field({ type: ShortLinkRef, authScopes: { signedIn: true }, args: { code: t.arg.string({ required: true }) }, resolve: (_r, a, ctx) => shortLinkByCode(ctx, a.code) }),
);

builder.mutationField('createShortLink', (t) =>
  t.field({ type: ShortLinkRef, authScopes: { signedIn: true }, args: { path: t.arg.string({ required: true }) }, resolve: (_r, a, ctx) => createShortLink(ctx, a.path) }),
);
