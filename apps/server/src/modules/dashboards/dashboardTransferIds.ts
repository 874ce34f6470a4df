import type { DashboardModel, ModelPage, ModelWidget, ReferenceKind } from './dashboardModel.ts';

/** Gives the id a model's reference becomes (the same one to collect, the mapped one to import). */
export type IdMapper = (kind: ReferenceKind, id: number) => number;

const asIdValue = (v: string, kind: ReferenceKind, map: IdMapper) => (/^\d{1,10}$/.test(v) ? String(map(kind, Number(v))) : v);

function mapWidget(w: ModelWidget, map: IdMapper): ModelWidget {
  const each = (kind: ReferenceKind, ids: number[]) => ids.map((id) => map(kind, id));
  const installationId = w.configuration.installationId;
  return {
    ...w,
    zoneIds: each('zone', w.zoneIds),
    deviceIds: each('device', w.deviceIds),
    passageIds: each('passage', w.passageIds),
    alertIds: each('alert', w.alertIds),
    configuration: installationId === undefined ? w.configuration : { ...w.configuration, installationId: map('installation', installationId) },
    metrics: w.metrics.map((m) => ({
      ...m,
      ...(m.target ? { target: { kind: m.target.kind, ids: each(m.target.kind, m.target.ids) } } : {}),
      ...(m.groupBy
        ? {
            groupBy: {
              ...m.groupBy,
              ...(m.groupBy.tagId !== undefined ? { tagId: map('tag', m.groupBy.tagId) } : {}),
              ...(m.groupBy.tagIds ? { tagIds: each('tag', m.groupBy.tagIds) } : {}),
            },
          }
        : {}),
      ...(m.filters
        ? {
            filters: {
              ...m.filters,
              conditions: m.filters.conditions.map((c) => {
                const kind: ReferenceKind | null = c.type === 'zone' ? 'zone' : c.type === 'category' || c.type === 'tag' ? 'tag' : null;
                return kind && c.values ? { ...c, values: c.values.map((v) => asIdValue(v, kind, map)) } : c;
              }),
            },
          }
        : {}),
    })),
  };
}

function mapPage(p: ModelPage, map: IdMapper): ModelPage {
  return {
    ...p,
    widgetGlobalFilters: p.widgetGlobalFilters.map((f) => ({
      ...f,
      ...(f.zoneIds ? { zoneIds: f.zoneIds.map((id) => map('zone', id)) } : {}),
      ...(f.categoryId !== undefined ? { categoryId: map('tagCategory', f.categoryId) } : {}),
    })),
    widgets: p.widgets.map((w) => mapWidget(w, map)),
  };
}

/**
 * The model with every id it names (the same places dashboardInput's widgetIdRefs checks) passed
 * through `map`; stored page and widget ids are dropped, so the model writes as new items.
 */
export function mapModelIds(model: DashboardModel, map: IdMapper): DashboardModel {
  const { references: _dropped, ...rest } = model;
  return {
    ...rest,
    pages: model.pages.map((p) => {
      const { id: _page, ...page } = mapPage(p, map);
      return { ...page, widgets: page.widgets.map(({ id: _widget, ...w }) => w) };
    }),
  };
}

/** Every (kind, id) the model names, once each, in the order met. */
export function modelIdRefs(model: DashboardModel): Array<{ kind: ReferenceKind; id: number }> {
  const seen = new Map<string, { kind: ReferenceKind; id: number }>();
  mapModelIds(model, (kind, id) => {
    seen.set(`${kind}:${id}`, { kind, id });
    return id;
  });
  return [...seen.values()];
}
