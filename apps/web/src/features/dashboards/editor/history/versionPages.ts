import type { Widget } from '@sitelens/domain';
import type { DashboardModel } from '../model/dashboardModel.ts';

/** A version's pages as the widget grid reads them; widgets of a version are read-only, their ids only keys. */
export function versionPages(model: DashboardModel): Array<{ key: string; name: string; widgets: Widget[]; filters: DashboardModel['pages'][number]['widgetGlobalFilters'] }> {
  return model.pages.map((p, pageIndex) => {
    const pageId = p.id ?? -(pageIndex + 1);
    return {
      key: String(pageId),
      name: p.name,
      filters: p.widgetGlobalFilters,
      widgets: p.widgets.map((w, order) => ({ ...w, id: w.id ?? -(pageIndex * 1000 + order + 1), pageId, order }) as Widget),
    };
  });
}
