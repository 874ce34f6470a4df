import type { GlobalWidgetFilter } from '@sitelens/domain';
import type { DashboardModel } from './dashboardModel.ts';
import { mapPage } from './widgetEdits.ts';

/** Pure edits of a draft's pages; a dashboard keeps at least one page. */
export function addPage(model: DashboardModel, id: number, name: string): DashboardModel {
  return { ...model, pages: [...model.pages, { id, name, icon: 'IconLayoutDashboard', widgetGlobalFilters: [], widgets: [] }] };
}

export function renamePage(model: DashboardModel, pageId: number, name: string): DashboardModel {
  return mapPage(model, pageId, (p) => ({ ...p, name }));
}

/** Moves a page one place left (-1) or right (+1) in the tabs; nothing at either end. */
export function movePage(model: DashboardModel, pageId: number, delta: -1 | 1): DashboardModel {
  const from = model.pages.findIndex((p) => p.id === pageId);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= model.pages.length) return model;
  const pages = [...model.pages];
  [pages[from], pages[to]] = [pages[to]!, pages[from]!];
  return { ...model, pages };
}

export function removePage(model: DashboardModel, pageId: number): DashboardModel {
  if (model.pages.length <= 1) return model;
  return { ...model, pages: model.pages.filter((p) => p.id !== pageId) };
}

export function setPageFilters(model: DashboardModel, pageId: number, filters: GlobalWidgetFilter[]): DashboardModel {
  return mapPage(model, pageId, (p) => ({ ...p, widgetGlobalFilters: filters }));
}
