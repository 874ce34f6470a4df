import type { WidgetType } from '@sitelens/domain';
import type { ChartRenderer, WrappedWidget } from '../core/rendererTypes.ts';
import { AlertLogsWidget } from './alert-logs/AlertLogsWidget.tsx';
import { KpisWidget } from './kpis/KpisWidget.tsx';
import { tableRenderer } from './table/tableRenderer.ts';
import { WeatherWidget } from './weather/WeatherWidget.tsx';
import { ZonesWidget } from './zones/ZonesWidget.tsx';

/** Tables and cards drawn through the generic widget. */
export const tableRenderers: Partial<Record<WidgetType, ChartRenderer>> = { table: tableRenderer };

/** Tables and cards that manage their own data in the shared wrapper. */
export const tableWidgets: Partial<Record<WidgetType, WrappedWidget>> = {
  kpis: KpisWidget,
  alertLogsTable: AlertLogsWidget,
  weather: WeatherWidget,
  zones: ZonesWidget,
};
