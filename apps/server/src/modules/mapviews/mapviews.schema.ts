import { builder } from '../../graphql/builder.ts';
import type { MapViewRow } from './mapviews.repo.ts';
import { mapViewConfigByZoneId } from './mapviews.service.ts';

const MapViewRef = builder.objectRef<MapViewRow>('MapView').implement({
  fields: (t) => ({
    zoneId: t.exposeInt('zoneId'),
    version: t.int({ resolve: (m) => m.config.version }),
    config: t.field({ type: 'JSON', description: 'A MapViewConfig of @sitelens/domain (layers, elements, filterOptions, ...).', resolve: (m) => m.config }),
    updatedAt: t.field({ type: 'DateTime', resolve: (m) => m.updatedAt }),
  }),
});

builder.queryField('mapViewConfigByZoneId', (t) =>
  t.field({
    type: MapViewRef,
    nullable: true,
    description: 'The floor plan of a zone for the map-view widget; null when the zone has none.',
    authScopes: { signedIn: true },
    args: { zoneId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => mapViewConfigByZoneId(ctx, a.zoneId),
  }),
);
