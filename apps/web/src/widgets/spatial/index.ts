import type { WidgetType } from '@sitelens/domain';
import type { WrappedWidget } from '../core/rendererTypes.ts';

/** The map view and the heatmap, in the shared wrapper. */
export const spatialWidgets: Partial<Record<WidgetType, WrappedWidget>> = {};
