import type { PageRow, WidgetRow } from './dashboards.repo.ts';
import { DASHBOARD_FORMAT, DASHBOARD_FORMAT_VERSION, type DashboardModel, type ModelPage, type ModelWidget } from './dashboardModel.ts';

function modelWidgetOf(row: WidgetRow): ModelWidget {
  return {
    id: row.id,
    type: row.type as ModelWidget['type'],
    title: row.title,
    category: row.category,
    tooltipMessages: row.tooltipMessages,
    realTime: row.realTime,
    kind: row.kind,
    zoneIds: row.zoneIds,
    deviceIds: row.deviceIds,
    passageIds: row.passageIds,
    alertIds: row.alertIds,
    ignoredFilters: row.ignoredFilters as ModelWidget['ignoredFilters'],
    ...(row.headers ? { headers: row.headers } : {}),
    metrics: row.metrics as ModelWidget['metrics'],
    configuration: row.configuration as ModelWidget['configuration'],
    ...(row.layout ? { layout: row.layout } : {}),
  };
}

/** The model of a stored dashboard: its pages in order, each with its widgets in order. */
export function modelOf(dashboardName: string, pages: PageRow[], widgets: WidgetRow[]): DashboardModel {
  const ordered = [...pages].sort((a, b) => a.position - b.position || a.id - b.id);
  return {
    format: DASHBOARD_FORMAT,
    formatVersion: DASHBOARD_FORMAT_VERSION,
    name: dashboardName,
    pages: ordered.map((p) => ({
      id: p.id,
      name: p.name,
      icon: p.icon,
      widgetGlobalFilters: p.widgetGlobalFilters as ModelPage['widgetGlobalFilters'],
      widgets: widgets
        .filter((w) => w.pageId === p.id)
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .map(modelWidgetOf),
    })),
  };
}
