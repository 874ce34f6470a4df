import { isDeepStrictEqual } from 'node:util';
import type { DashboardModel } from './dashboardModel.ts';

/** What a version changed against the one before it: the history panel's one line. */
export interface VersionSummary {
  first: boolean;
  renamed: boolean;
  pagesAdded: number;
  pagesRemoved: number;
  pagesChanged: number;
  widgetsAdded: number;
  widgetsRemoved: number;
  widgetsChanged: number;
}

/** Stored items by id; new ones (no id yet) are left out. */
const byId = <T extends { id?: number | undefined }>(items: T[]): Map<number, T> => new Map(items.flatMap((i) => (i.id === undefined ? [] : [[i.id, i] as const])));

/** A page as it reads (name, icon, filters, place), without its widgets. */
const pageLook = (p: DashboardModel['pages'][number], place: number) => ({ name: p.name, icon: p.icon, filters: p.widgetGlobalFilters, place });

/** Each widget with its page and place: moving a widget is a change of it. */
const placedWidgets = (model: DashboardModel) => model.pages.flatMap((p, page) => p.widgets.map((w, place) => ({ ...w, page: p.id ?? -1 - page, place })));

const countNew = (after: Map<number, unknown>, before: Map<number, unknown>, all: number) => all - [...after.keys()].filter((id) => before.has(id)).length;

/** Counts pages and widgets added, removed and changed (moved or reconfigured), by their stored ids. */
export function versionSummary(before: DashboardModel | null, after: DashboardModel): VersionSummary {
  const newWidgets = placedWidgets(after);
  if (!before) {
    return { first: true, renamed: false, pagesAdded: after.pages.length, pagesRemoved: 0, pagesChanged: 0, widgetsAdded: newWidgets.length, widgetsRemoved: 0, widgetsChanged: 0 };
  }
  const oldPages = byId(before.pages.map((p, i) => ({ id: p.id, look: pageLook(p, i) })));
  const newPages = byId(after.pages.map((p, i) => ({ id: p.id, look: pageLook(p, i) })));
  const oldWidgets = byId(placedWidgets(before));
  const newWidgetsById = byId(newWidgets);
  const changed = <T>(after: Map<number, T>, before: Map<number, T>) => [...after].filter(([id, item]) => before.has(id) && !isDeepStrictEqual(before.get(id), item)).length;
  return {
    first: false,
    renamed: before.name !== after.name,
    pagesAdded: countNew(newPages, oldPages, after.pages.length),
    pagesRemoved: [...oldPages.keys()].filter((id) => !newPages.has(id)).length,
    pagesChanged: changed(newPages, oldPages),
    widgetsAdded: countNew(newWidgetsById, oldWidgets, newWidgets.length),
    widgetsRemoved: [...oldWidgets.keys()].filter((id) => !newWidgetsById.has(id)).length,
    widgetsChanged: changed(newWidgetsById, oldWidgets),
  };
}
