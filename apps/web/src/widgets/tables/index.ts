import type { WidgetType } from '@sitelens/domain';
import type { ChartRenderer, WrappedWidget } from '../core/rendererTypes.ts';

/** Tables and cards drawn through the generic widget. */
export const tableRenderers: Partial<Record<WidgetType, ChartRenderer>> = {};

/** Tables and cards that manage their own data in the shared wrapper. */
export const tableWidgets: Partial<Record<WidgetType, WrappedWidget>> = {};
