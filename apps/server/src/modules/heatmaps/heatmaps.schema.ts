import { builder } from '../../graphql/builder.ts';
import { type HeatmapDay, heatmapImages } from './heatmaps.service.ts';

const HeatmapImageRef = builder.objectRef<HeatmapDay['images'][number]>('HeatmapImage').implement({
  fields: (t) => ({
    gender: t.exposeString('gender', { description: 'all, male or female (lowercased, as in the URL).' }),
    url: t.exposeString('url', { description: 'Path of the PNG on this server; needs the bearer token or the session cookie.' }),
  }),
});

const HeatmapDayRef = builder.objectRef<HeatmapDay>('HeatmapDay').implement({
  fields: (t) => ({
    date: t.field({ type: 'Date', resolve: (d) => d.date }),
    images: t.field({ type: [HeatmapImageRef], resolve: (d) => d.images }),
  }),
});

builder.queryField('heatmapImages', (t) =>
  t.field({
    type: [HeatmapDayRef],
    description: 'The days with heatmap images for a zone on a dashboard, oldest first, at most dayLimit (default 31) most recent days.',
    authScopes: { signedIn: true },
    args: {
      zoneId: t.arg.int({ required: true }),
      dashboardId: t.arg.int({ required: true }),
      dateBegin: t.arg({ type: 'Date', required: true }),
      dateEnd: t.arg({ type: 'Date', required: true }),
      dayLimit: t.arg.int(),
    },
    resolve: (_r, a, ctx) => heatmapImages(ctx, a),
  }),
);
