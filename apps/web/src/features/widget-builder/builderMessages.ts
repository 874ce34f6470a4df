import {
  type BuilderWidgetLayout,
  type DashboardModelShape,
  type GlobalWidgetFilter,
  type Widget,
  builderConfigOfModel,
  isDashboardModel,
  isJsonRecord,
  realTimeModeOf,
  widgetCategoryOf,
  widgetKindOf,
  widgetLayoutOf,
} from '@sitelens/domain';

/** The page id of the previewed page: a fixed constant, never a stored page (those are positive). */
export const WIDGET_BUILDER_PAGE_ID = -1;

/** A previewed widget: the domain widget with the editor's optional place on the grid. */
export type BuilderWidget = Widget & { layout?: BuilderWidgetLayout };

export interface BuilderPage {
  name: string;
  icon: string;
  widgets: BuilderWidget[];
  widgetGlobalFilters: GlobalWidgetFilter[];
}

export interface BuilderConfig {
  name: string;
  icon: string;
  /** The site the preview reads; the first of the organization when absent. */
  installationId: number | null;
  pages: BuilderPage[];
}

/** `dashboardConfig` carries the spec's config or a dashboard model (then optionally `installationId` beside it). */
export type BuilderMessage = { type: 'init' } | { type: 'token'; token: string } | { type: 'dashboardConfig'; config: BuilderConfig };

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const ints = (v: unknown) => list<unknown>(v).filter((n): n is number => Number.isInteger(n));

/** A widget of the admin tool with every field the renderers read, on the preview page. */
function widgetOf(raw: unknown, index: number): BuilderWidget | null {
  if (!isJsonRecord(raw) || typeof raw.type !== 'string') return null;
  return {
    id: Number.isInteger(raw.id) ? (raw.id as number) : -(index + 1),
    pageId: WIDGET_BUILDER_PAGE_ID,
    type: raw.type,
    title: typeof raw.title === 'string' ? raw.title : raw.type,
    category: widgetCategoryOf(raw.category),
    tooltipMessages: list<unknown>(raw.tooltipMessages).filter((m): m is string => typeof m === 'string'),
    realTime: realTimeModeOf(raw.realTime),
    order: Number.isInteger(raw.order) ? (raw.order as number) : index,
    kind: widgetKindOf(raw.kind),
    zoneIds: ints(raw.zoneIds),
    deviceIds: ints(raw.deviceIds),
    passageIds: ints(raw.passageIds),
    alertIds: ints(raw.alertIds),
    ignoredFilters: list<unknown>(raw.ignoredFilters).filter((f): f is string => typeof f === 'string'),
    ...(Array.isArray(raw.headers) ? { headers: raw.headers.filter((h): h is string => typeof h === 'string') } : {}),
    metrics: list(raw.metrics),
    configuration: isJsonRecord(raw.configuration) ? raw.configuration : {},
    ...(widgetLayoutOf(raw.layout) ? { layout: widgetLayoutOf(raw.layout) } : {}),
  };
}

/**
 * The config in the spec's shape. A dashboard model (the editor's, an export's: it names its
 * format) is read as the config it stands for; its site comes with the message or the model.
 */
function specConfigOf(data: Record<string, unknown>): Record<string, unknown> {
  const c = data.config as Record<string, unknown>;
  if (!isDashboardModel(c)) return c;
  const site = [data.installationId, c.installationId].find((n): n is number => Number.isInteger(n)) ?? null;
  const pages = list<unknown>(c.pages)
    .filter(isJsonRecord)
    .map((p) => ({ ...p, widgets: list<unknown>(p.widgets), widgetGlobalFilters: list<unknown>(p.widgetGlobalFilters) }));
  return { ...builderConfigOfModel({ ...c, name: typeof c.name === 'string' ? c.name : '', pages } as DashboardModelShape, site) };
}

/** Reads a message of the admin tool; anything that is not one of the three messages gives null. */
export function parseBuilderMessage(data: unknown): BuilderMessage | null {
  if (!isJsonRecord(data)) return null;
  if (data.type === 'init') return { type: 'init' };
  if (data.type === 'token') return typeof data.token === 'string' && data.token ? { type: 'token', token: data.token } : null;
  if (data.type !== 'dashboardConfig' || !isJsonRecord(data.config)) return null;
  const c = specConfigOf(data);
  return {
    type: 'dashboardConfig',
    config: {
      name: typeof c.name === 'string' ? c.name : '',
      icon: typeof c.icon === 'string' ? c.icon : 'IconLayoutDashboard',
      installationId: Number.isInteger(c.installationId) ? (c.installationId as number) : null,
      pages: list<unknown>(c.pages)
        .filter(isJsonRecord)
        .map((p) => ({
          name: typeof p.name === 'string' ? p.name : '',
          icon: typeof p.icon === 'string' ? p.icon : 'IconLayoutDashboard',
          widgets: list<unknown>(p.widgets)
            .map(widgetOf)
            .filter((w): w is BuilderWidget => w !== null),
          widgetGlobalFilters: list<GlobalWidgetFilter>(p.widgetGlobalFilters).filter(isJsonRecord),
        })),
    },
  };
}
