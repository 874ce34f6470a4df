import type { WidgetLayout } from '@sitelens/domain';
import type { DashboardModel, ModelPage, ModelWidget } from './dashboardModel.ts';

/**
 * Pure edits of a draft's widgets. In a draft every widget and page has an id: a stored one keeps
 * its own, a new one gets a temporary negative id (toSavedModel drops them before saving).
 */
export function mapPage(model: DashboardModel, pageId: number, edit: (page: ModelPage) => ModelPage): DashboardModel {
  return { ...model, pages: model.pages.map((p) => (p.id === pageId ? edit(p) : p)) };
}

/** The lowest id in the draft minus one, never above -1: a fresh temporary id. */
export function nextTempId(model: DashboardModel): number {
  const ids = model.pages.flatMap((p) => [p.id ?? 0, ...p.widgets.map((w) => w.id ?? 0)]);
  return Math.min(0, ...ids) - 1;
}

export function addWidget(model: DashboardModel, pageId: number, widget: ModelWidget): DashboardModel {
  return mapPage(model, pageId, (p) => ({ ...p, widgets: [...p.widgets, widget] }));
}

export function replaceWidget(model: DashboardModel, pageId: number, widget: ModelWidget): DashboardModel {
  return mapPage(model, pageId, (p) => ({ ...p, widgets: p.widgets.map((w) => (w.id === widget.id ? widget : w)) }));
}

/** A copy right after the original, with a new temporary id. */
export function duplicateWidget(model: DashboardModel, pageId: number, widgetId: number, newId: number): DashboardModel {
  return mapPage(model, pageId, (p) => {
    const at = p.widgets.findIndex((w) => w.id === widgetId);
    if (at < 0) return p;
    const copy = { ...structuredClone(p.widgets[at]!), id: newId };
    return { ...p, widgets: [...p.widgets.slice(0, at + 1), copy, ...p.widgets.slice(at + 1)] };
  });
}

export function deleteWidget(model: DashboardModel, pageId: number, widgetId: number): DashboardModel {
  return mapPage(model, pageId, (p) => ({ ...p, widgets: p.widgets.filter((w) => w.id !== widgetId) }));
}

/** Moves a widget to another place in its page's order (indices clamped to the list). */
export function moveWidget(model: DashboardModel, pageId: number, widgetId: number, toIndex: number): DashboardModel {
  return mapPage(model, pageId, (p) => {
    const from = p.widgets.findIndex((w) => w.id === widgetId);
    if (from < 0) return p;
    const to = Math.max(0, Math.min(p.widgets.length - 1, toIndex));
    if (to === from) return p;
    const widgets = [...p.widgets];
    const [moved] = widgets.splice(from, 1);
    widgets.splice(to, 0, moved!);
    return { ...p, widgets };
  });
}

/** Sets a widget's width or height; `auto` on both drops the layout. */
export function resizeWidget(model: DashboardModel, pageId: number, widgetId: number, change: WidgetLayout): DashboardModel {
  return mapPage(model, pageId, (p) => ({
    ...p,
    widgets: p.widgets.map((w) => {
      if (w.id !== widgetId) return w;
      const layout = { ...w.layout, ...change };
      const { layout: _old, ...rest } = w;
      return (layout.width ?? 'auto') === 'auto' && (layout.height ?? 'auto') === 'auto' ? rest : { ...rest, layout };
    }),
  }));
}
