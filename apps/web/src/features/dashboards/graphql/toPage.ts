import { type GlobalWidgetFilter, type Page, type Widget, type WidgetConfiguration, type WidgetLayout, type WidgetMetric, isJsonRecord, realTimeModeOf, widgetCategoryOf, widgetKindOf } from '@sitelens/domain';
import type { PageRow } from './dashboards.ts';

/** A page as the widgets read it: the domain Page plus the site its widgets read. */
export type PageData = Page & { installationId: number | null };

type WidgetRow = PageRow['widgets'][number];

// The schema leaves these JSON (their shape is the domain's); anything but a list or an object reads as empty.
const records = <T>(v: unknown): T[] => (Array.isArray(v) ? v.filter(isJsonRecord) : []) as T[];

function toWidget(row: WidgetRow): Widget {
  return {
    ...row,
    category: widgetCategoryOf(row.category),
    kind: widgetKindOf(row.kind),
    realTime: realTimeModeOf(row.realTime),
    headers: row.headers ?? undefined,
    metrics: records<WidgetMetric>(row.metrics),
    configuration: isJsonRecord(row.configuration) ? (row.configuration as WidgetConfiguration) : {},
    layout: isJsonRecord(row.layout) ? (row.layout as WidgetLayout) : undefined,
  };
}

/** Reads a page of the API (PageFields) into the domain Page the widgets render. */
export function toPage(row: PageRow): PageData {
  return {
    ...row,
    widgetGlobalFilters: records<GlobalWidgetFilter>(row.widgetGlobalFilters),
    widgets: row.widgets.map(toWidget),
  };
}
