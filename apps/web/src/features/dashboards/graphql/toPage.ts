import type { GlobalWidgetFilter, Page, RealTimeMode, Widget, WidgetConfiguration, WidgetMetric } from '@sitelens/domain';
import type { PageRow } from './dashboards.ts';

/** A page as the widgets read it: the domain Page plus the site its widgets read. */
export type PageData = Page & { installationId: number | null };

type WidgetRow = PageRow['widgets'][number];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const REAL_TIME_MODES: readonly string[] = ['slow', 'fast', 'live'] satisfies RealTimeMode[];
const isRealTimeMode = (v: string | null): v is RealTimeMode => v !== null && REAL_TIME_MODES.includes(v);

// The schema leaves these JSON (their shape is the domain's); anything but a list or an object reads as empty.
const records = <T>(v: unknown): T[] => (Array.isArray(v) ? v.filter(isRecord) : []) as T[];

function toWidget(row: WidgetRow): Widget {
  return {
    ...row,
    category: row.category === 'specific' ? 'specific' : 'global',
    kind: row.kind === 'live' ? 'live' : 'custom',
    realTime: isRealTimeMode(row.realTime) ? row.realTime : null,
    headers: row.headers ?? undefined,
    metrics: records<WidgetMetric>(row.metrics),
    configuration: isRecord(row.configuration) ? (row.configuration as WidgetConfiguration) : {},
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
