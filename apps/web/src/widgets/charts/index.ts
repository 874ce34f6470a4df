import type { WidgetType } from '@sitelens/domain';
import type { ChartRenderer } from '../core/rendererTypes.ts';

/** Chart widget types drawn with ECharts through the generic widget. */
export const chartRenderers: Partial<Record<WidgetType, ChartRenderer>> = {};
