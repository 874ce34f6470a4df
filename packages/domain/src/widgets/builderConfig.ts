// One configuration shape for the admin tool and the editor (issue 32 item 5): the widget builder's
// dashboard config (spec 001 §2 "Widget builder": name, icon, pages with widgets and global filters)
// and the editor's dashboard model (format `sitelens.dashboard`) turn into each other without losing
// a widget field. Both keep pages in order with widgets in order; the config numbers its widgets
// (`order`), the model orders them by position.
import { type GlobalWidgetFilter, WIDGET_HEIGHTS, WIDGET_WIDTHS, type Widget, type WidgetLayout } from './widgetModel.ts';

export const DASHBOARD_MODEL_FORMAT = 'sitelens.dashboard';
export const DASHBOARD_MODEL_FORMAT_VERSION = 1;
/** The icon of a dashboard or page that names none. */
export const DEFAULT_DASHBOARD_ICON = 'IconLayoutDashboard';

/** Where a widget sits on the page grid (the editor's field, optional). */
export type BuilderWidgetLayout = WidgetLayout;

/** A layout as a message or a file sends it: its known width and height kept, anything else left out. */
export function widgetLayoutOf(raw: unknown): WidgetLayout | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const { width, height } = raw as Record<string, unknown>;
  const layout: WidgetLayout = {};
  if ((WIDGET_WIDTHS as readonly unknown[]).includes(width)) layout.width = width as WidgetLayout['width'];
  if ((WIDGET_HEIGHTS as readonly unknown[]).includes(height)) layout.height = height as WidgetLayout['height'];
  return layout.width || layout.height ? layout : undefined;
}

/**
 * A widget of the model: the domain Widget without id, page and order, with the id of the stored
 * widget it keeps (absent for a new one), its optional layout, and any other field passed through.
 */
export type ModelWidgetShape = Partial<Omit<Widget, 'id' | 'pageId' | 'order'>> & {
  id?: number;
  type: string;
  layout?: BuilderWidgetLayout;
  [field: string]: unknown;
};

export interface ModelPageShape {
  id?: number;
  name: string;
  icon: string;
  widgetGlobalFilters: GlobalWidgetFilter[];
  widgets: ModelWidgetShape[];
}

/** The editor's and the export's dashboard model (docs/dashboard-model.schema.json). */
export interface DashboardModelShape {
  format: typeof DASHBOARD_MODEL_FORMAT;
  formatVersion: typeof DASHBOARD_MODEL_FORMAT_VERSION;
  name: string;
  pages: ModelPageShape[];
}

/** A widget of the admin tool's config: a model widget numbered by `order`. */
export type ConfigWidgetShape = ModelWidgetShape & { order?: number; pageId?: number };

export interface ConfigPageShape {
  id?: number;
  name: string;
  icon: string;
  widgetGlobalFilters: GlobalWidgetFilter[];
  widgets: ConfigWidgetShape[];
}

/** The spec's dashboard config, as the admin tool sends it to the preview. */
export interface BuilderConfigShape {
  name: string;
  icon: string;
  /** The site the preview reads; null: the first of the organization. */
  installationId: number | null;
  pages: ConfigPageShape[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when a received config is a dashboard model (it names its format) rather than the spec's config. */
export function isDashboardModel(value: unknown): value is DashboardModelShape {
  return isRecord(value) && value.format === DASHBOARD_MODEL_FORMAT;
}

/** A dashboard model (from the editor, an export or `editableDashboard`) as the admin tool's config. */
export function builderConfigOfModel(model: DashboardModelShape, installationId: number | null, icon: string = DEFAULT_DASHBOARD_ICON): BuilderConfigShape {
  return {
    name: model.name,
    icon,
    installationId,
    pages: model.pages.map((p) => ({
      ...(p.id !== undefined ? { id: p.id } : {}),
      name: p.name,
      icon: p.icon,
      widgetGlobalFilters: p.widgetGlobalFilters,
      widgets: p.widgets.map((w, order) => ({ ...w, order })),
    })),
  };
}

/** A config widget as a model widget: its fields kept, but no page, no order and no id the server never gave. */
function modelWidgetOf(widget: ConfigWidgetShape): ModelWidgetShape {
  const { order: _order, pageId: _pageId, id, ...fields } = widget;
  const title = typeof fields.title === 'string' && fields.title.trim() ? fields.title : fields.type;
  return { ...(Number.isInteger(id) && id! > 0 ? { id } : {}), ...fields, title };
}

const byOrder = (a: { w: ConfigWidgetShape; i: number }, b: { w: ConfigWidgetShape; i: number }) =>
  (Number.isInteger(a.w.order) ? a.w.order! : a.i) - (Number.isInteger(b.w.order) ? b.w.order! : b.i) || a.i - b.i;

/**
 * The admin tool's config as a dashboard model that saveDashboard and import accept: widgets in
 * their `order` (then as listed), every widget field kept including `layout`. The model has no
 * dashboard icon nor site: those stay with the caller.
 */
export function modelOfBuilderConfig(config: BuilderConfigShape): DashboardModelShape {
  return {
    format: DASHBOARD_MODEL_FORMAT,
    formatVersion: DASHBOARD_MODEL_FORMAT_VERSION,
    name: config.name,
    pages: config.pages.map((p) => ({
      ...(Number.isInteger(p.id) && p.id! > 0 ? { id: p.id } : {}),
      name: p.name || config.name,
      icon: p.icon || DEFAULT_DASHBOARD_ICON,
      widgetGlobalFilters: p.widgetGlobalFilters ?? [],
      widgets: (p.widgets ?? [])
        .map((w, i) => ({ w, i }))
        .sort(byOrder)
        .map(({ w }) => modelWidgetOf(w)),
    })),
  };
}
