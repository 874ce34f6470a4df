import {
  type ColorimetryBand,
  EDITOR_FILTER_VALUES,
  type EditorFilterType,
  type EditorWidget,
  type GroupByType,
  IGNORABLE_FILTERS,
  type IgnorableFilter,
  type MetricFilterCondition,
  type WidgetConfiguration,
  type WidgetMetric,
  editorGroupBys,
  newEditorMetric,
} from '@sitelens/domain';

// The side panel's changes as pure functions: each returns the whole next widget (or metric),
// never mutating the one shown, so the editor can keep both for undo.

export const replaceAt = <T>(list: readonly T[], index: number, item: T): T[] => list.map((x, i) => (i === index ? item : x));
export const removeAt = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

export const withMetric = (w: EditorWidget, index: number, metric: WidgetMetric): EditorWidget => ({ ...w, metrics: replaceAt(w.metrics, index, metric) });

/** Sets configuration keys; an undefined or empty value removes its key (the stored JSON stays small). */
export function withConfiguration(w: EditorWidget, patch: Partial<WidgetConfiguration>): EditorWidget {
  const configuration: WidgetConfiguration = { ...w.configuration, ...patch };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) delete configuration[key as keyof WidgetConfiguration];
  }
  return { ...w, configuration };
}

/**
 * Another metric in a slot: its grouping stays when the new metric allows it, else the type's start;
 * its name and colour bands go (they were the old metric's), its targets and filters stay.
 */
export function withMetricType(w: EditorWidget, index: number, metricId: string): EditorWidget {
  const { configuration: _old, ...old } = w.metrics[index] ?? { type: metricId };
  const fresh = newEditorMetric(w.type, metricId);
  const keep = old.groupBy && (editorGroupBys(metricId) as string[]).includes(old.groupBy.type);
  const next: WidgetMetric = { ...old, ...fresh, type: metricId, groupBy: keep ? old.groupBy : fresh.groupBy };
  if (!next.groupBy) delete next.groupBy;
  return index < w.metrics.length ? withMetric(w, index, next) : { ...w, metrics: [...w.metrics, next] };
}

/** A metric grouped another way ('none': no group-by, the engine's date by hour). */
export function withGroupByType(m: WidgetMetric, type: GroupByType | 'none'): WidgetMetric {
  const { groupBy, ...rest } = m;
  if (type === 'none') return rest;
  return { ...rest, groupBy: { type, ...(groupBy?.aggregation ? { aggregation: groupBy.aggregation } : {}), ...(type === 'date' && groupBy?.granularity ? { granularity: groupBy.granularity } : {}) } };
}

/** A metric's group-by with one field set or (undefined) removed; a metric without a group-by groups by date. */
export function withGroupByField(m: WidgetMetric, field: 'aggregation' | 'granularity', value: string | number | undefined): WidgetMetric {
  const groupBy = { ...(m.groupBy ?? { type: 'date' }), [field]: value };
  if (value === undefined) delete groupBy[field];
  return { ...m, groupBy };
}

export const withBands = (m: WidgetMetric, bands: ColorimetryBand[]): WidgetMetric => ({ ...m, configuration: { ...m.configuration, colorimetry: bands } });

/** The band an "add" appends: from the last band's high, as wide as it (100 wide for the first). */
export function nextBand(bands: readonly ColorimetryBand[], color: string): ColorimetryBand {
  const last = bands.at(-1);
  if (!last || !Number.isFinite(last.limits[1])) return { limits: [0, 100], color };
  const width = last.limits[1] - last.limits[0];
  return { limits: [last.limits[1], last.limits[1] + (width > 0 ? width : 100)], color };
}

/** A number input's value as a number: NaN for an empty field (the panel then says a number is needed). */
export const numberOf = (value: string | number): number => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));

/** A metric with these conditions; none left removes its filters (the stored JSON stays small). */
export function withConditions(m: WidgetMetric, conditions: MetricFilterCondition[]): WidgetMetric {
  const { filters: _old, ...rest } = m;
  return conditions.length ? { ...rest, filters: { operator: 'AND', conditions } } : rest;
}

/** A new condition of a type: "is" its first value (a category waits for its tags to be chosen). */
export function newCondition(type: EditorFilterType): MetricFilterCondition {
  return { type, operator: 'IS', values: type === 'category' ? [] : [EDITOR_FILTER_VALUES[type][0]!] };
}

/** A condition whose type changes starts again as a new one of that type. */
export const withConditionType = (c: MetricFilterCondition, type: EditorFilterType): MetricFilterCondition => (c.type === type ? c : newCondition(type));

/** The top N kept (undefined or an empty field: every series). */
export function withLimit(m: WidgetMetric, limit: number | undefined): WidgetMetric {
  const { limit: _old, ...rest } = m;
  return limit === undefined ? rest : { ...rest, limit };
}

/** The series order: by their figure, largest or smallest first, or as measured ('none'). */
export function withSortOrder(m: WidgetMetric, order: 'ASC' | 'DESC' | 'none'): WidgetMetric {
  const { sortBy: _old, ...rest } = m;
  return order === 'none' ? rest : { ...rest, sortBy: { type: 'value', order } };
}

/** The page filters the widget ignores, in the panel's order, each once. */
export function withIgnoredFilters(w: EditorWidget, filters: readonly string[]): EditorWidget {
  const kept = IGNORABLE_FILTERS.filter((f: IgnorableFilter) => filters.includes(f));
  // Types the panel does not list (an imported widget's) stay as they were.
  const others = w.ignoredFilters.filter((f) => !(IGNORABLE_FILTERS as readonly string[]).includes(f));
  return { ...w, ignoredFilters: [...kept, ...others] };
}
