import type { WidgetType } from '@sitelens/domain';
import type { WrappedWidget } from '../core/rendererTypes.ts';
import { HeatmapWidget } from './heatmap/HeatmapWidget.tsx';
import { MapViewWidget } from './map-view/MapViewWidget.tsx';

/** The map view and the heatmap, in the shared wrapper. */
export const spatialWidgets: Partial<Record<WidgetType, WrappedWidget>> = {
  mapView: MapViewWidget,
  heatmap: HeatmapWidget,
};
