// Bookmarks (spec 002 §2-§4): the caller's pinned pages in the caller's organization.
import { builder } from '../../graphql/builder.ts';
import type { PinRow } from './pins.repo.ts';
import { addPin, deletePin, listPins, reorderPins, updatePin } from './pins.service.ts';

const PinRef = builder.objectRef<PinRow>('Pin').implement({
  description: "A bookmark: an app-relative path with its query (the page's filters), in the user's order.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    title: t.exposeString('title'),
    url: t.exposeString('url'),
    order: t.exposeInt('position'),
    target: t.exposeString('target', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (p) => p.createdAt }),
  }),
});

builder.queryField('pins', (t) =>
  t.field({ type: [PinRef], description: "The caller's pins, in order.", authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => listPins(ctx) }),
);

builder.mutationFields((t) => ({
  addPin: t.field({
    type: PinRef,
    authScopes: { signedIn: true },
    args: { url: t.arg.string({ required: true }), title: t.arg.string({ required: true }), target: t.arg.string() },
    resolve: (_r, a, ctx) => addPin(ctx, a),
  }),
  updatePin: t.field({
    type: PinRef,
    authScopes: { signedIn: true },
    args: {
      id: t.arg.int({ required: true }),
      title: t.arg.string({ required: true }),
      order: t.arg.int(),
      url: t.arg.string(),
      target: t.arg.string(),
    },
    resolve: (_r, a, ctx) => updatePin(ctx, a),
  }),
  deletePin: t.field({
    type: 'Int',
    description: 'Deletes one of the caller’s pins; answers its id.',
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => deletePin(ctx, a.id),
  }),
  reorderPins: t.field({
    type: [PinRef],
    authScopes: { signedIn: true },
    args: { ids: t.arg.intList({ required: true }) },
    resolve: (_r, a, ctx) => reorderPins(ctx, a.ids),
  }),
}));
