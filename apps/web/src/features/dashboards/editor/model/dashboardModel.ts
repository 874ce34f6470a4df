import type { GlobalWidgetFilter, Widget, WidgetType } from '@sitelens/domain';

/**
 * The dashboard model the editor keeps and saves, as docs/dashboard-model.schema.json describes it
 * (the server's `editableDashboard.model`, `saveDashboard(model)`): a stored widget or page keeps
 * its id, a new one has none.
 */
export type ModelWidget = Omit<Widget, 'id' | 'pageId' | 'order' | 'type'> & { id?: number; type: WidgetType };

export interface ModelPage {
  id?: number;
  name: string;
  icon: string;
  widgetGlobalFilters: GlobalWidgetFilter[];
  widgets: ModelWidget[];
}

export interface DashboardModel {
  format: 'sitelens.dashboard';
  formatVersion: 1;
  name: string;
  pages: ModelPage[];
}
