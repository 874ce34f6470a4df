import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { type MapViewConfig, type Widget, isMapViewConfig } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import type { WidgetContext } from '../../core/widgetContext.ts';
import type { SiteNames } from './elementLabels.ts';
import { MAP_SITE_NAMES, MAP_TAG_NAMES, MAP_VIEW_CONFIG } from './mapView.graphql.ts';
import { mapZoneId } from './mapZone.ts';
import type { TreeZone } from './scaleLevels.ts';
import { localizePlan } from './planTexts.ts';

export type MapDataStatus = 'loading' | 'error' | 'none' | 'ready';

export interface MapViewData {
  status: MapDataStatus;
  config: MapViewConfig | null;
  names: SiteNames;
  /** The site's zones in their tree: the plan's levels (floors, shops) and their parents' names. */
  zones: TreeZone[];
  /** The air sensor of a zone, if it has one. */
  sensorOf: (zoneId: number) => number | null | undefined;
}

/**
 * The floor plan of the widget's zone and the names of the site's zones, passages and product tags.
 * The plan is cached by Apollo (spec 001 §4: "the config is cached"); names too.
 */
export function useMapViewData(widget: Widget, ctx: WidgetContext): MapViewData {
  const { t } = useTranslation();
  const site = useQuery(MAP_SITE_NAMES, { variables: { installationId: ctx.site.id } });
  const zones = site.data?.installationById?.zones;
  const zoneId = zones ? mapZoneId(widget, ctx.filters, zones) : null;
  const plan = useQuery(MAP_VIEW_CONFIG, { variables: { zoneId: zoneId ?? 0 }, skip: zoneId === null, fetchPolicy: 'cache-first' });
  const raw = plan.data?.mapViewConfigByZoneId?.config;
  const config = useMemo(() => (isMapViewConfig(raw) ? localizePlan(raw, (key) => t(key)) : null), [raw, t]);
  const tagIds = useMemo(() => [...new Set((config?.elements ?? []).flatMap((e) => (e.tagId === undefined ? [] : [e.tagId])))], [config]);
  const tags = useQuery(MAP_TAG_NAMES, { variables: { ids: tagIds }, skip: tagIds.length === 0 });

  const names = useMemo<SiteNames>(
    () => ({
      zones: new Map((zones ?? []).map((z) => [z.id, { name: z.name, isDeleted: z.isDeleted }])),
      passages: new Map((site.data?.passagesByInstallation ?? []).map((p) => [p.id, p.name])),
      tags: new Map((tags.data?.tagsByIds ?? []).map((tag) => [tag.id, tag.name])),
      deletedZone: t('spatial.mapView.deletedZone'),
    }),
    [zones, site.data?.passagesByInstallation, tags.data?.tagsByIds, t],
  );

  const sensorOf = useMemo(() => {
    const sensors = new Map((zones ?? []).map((z) => [z.id, z.sensorId]));
    return (zoneId: number) => sensors.get(zoneId);
  }, [zones]);

  const tree = useMemo<TreeZone[]>(() => (zones ?? []).map((z) => ({ id: z.id, name: z.name, parentIds: z.parentIds })), [zones]);

  let status: MapDataStatus;
  if ((site.error && !site.data) || (plan.error && !plan.data)) status = 'error';
  else if (!site.data || (zoneId !== null && !plan.data) || (tagIds.length > 0 && !tags.data && !tags.error)) status = 'loading';
  else status = config ? 'ready' : 'none';
  return { status, config, names, zones: tree, sensorOf };
}
