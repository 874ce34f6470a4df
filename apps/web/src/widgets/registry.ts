import type { WidgetType } from '@sitelens/domain';
import { chartRenderers } from './charts/index.ts';
import type { ChartRenderer, WrappedWidget } from './core/rendererTypes.ts';
import { spatialWidgets } from './spatial/index.ts';
import { tableRenderers, tableWidgets } from './tables/index.ts';

/** Widget types drawn by the generic widget (spec 001 §2). */
export const genericRenderers: Partial<Record<WidgetType, ChartRenderer>> = { ...chartRenderers, ...tableRenderers };

/** Widget types with their own data, in the shared wrapper. */
export const wrappedWidgets: Partial<Record<WidgetType, WrappedWidget>> = { ...tableWidgets, ...spatialWidgets };
