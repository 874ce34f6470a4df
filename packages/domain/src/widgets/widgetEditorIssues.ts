import { metricDefinition } from '../metrics/catalogue/metricLookup.ts';
import type { EditorWidget } from './widgetEditorDefaults.ts';
import { widgetEditorFields } from './widgetEditorFields.ts';
import { EDITOR_AGGREGATIONS, EDITOR_LIMIT_MAX, EDITOR_SORT_TYPES, editorFilterOperators, editorFilterTypes, editorGroupBys, isBreakdownGroupBy } from './widgetEditorOptions.ts';
import type { WidgetMetric } from './widgetModel.ts';

/** Codes of what the side panel says next to a field (catalogue widgetPanel.errors.<code>). */
export type WidgetEditorIssueCode =
  | 'titleRequired'
  | 'titleTooLong'
  | 'metricRequired'
  | 'tooManyMetrics'
  | 'unknownMetric'
  | 'groupByNotAllowed'
  | 'aggregationNotAllowed'
  | 'bandOrder'
  | 'bandOverlap'
  | 'numberRequired'
  | 'colorInvalid'
  | 'filterNotAllowed'
  | 'filterValueRequired'
  | 'operatorNotAllowed'
  | 'oneBreakdownFilter'
  | 'breakdownFilterAndGroupBy'
  | 'dayOperatorsMixed'
  | 'limitRange'
  | 'sortNotAllowed';

export interface WidgetEditorIssue {
  /** Where it shows: `title`, `metrics`, `metrics.0.groupBy`, `metrics.0.bands.1`, `metrics.0.filters.1`, `metrics.0.limit`, `thresholds.2`, `colors.0`. */
  field: string;
  code: WidgetEditorIssueCode;
}

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\))$/i;
const TITLE_MAX = 200;
const METRICS_MAX = 20;

/** What would keep a widget from being saved or drawn as meant, field by field (empty: none). */
export function widgetEditorIssues(widget: EditorWidget): WidgetEditorIssue[] {
  const fields = widgetEditorFields(widget.type);
  const issues: WidgetEditorIssue[] = [];
  const add = (field: string, code: WidgetEditorIssueCode) => issues.push({ field, code });
  const title = widget.title.trim();
  if (!title) add('title', 'titleRequired');
  else if (title.length > TITLE_MAX) add('title', 'titleTooLong');

  if (fields.metrics !== 'none' && widget.metrics.length === 0) add('metrics', 'metricRequired');
  if (widget.metrics.length > (fields.metrics === 'one' ? 1 : METRICS_MAX)) add('metrics', 'tooManyMetrics');
  widget.metrics.forEach((m, i) => {
    const at = `metrics.${i}`;
    if (!metricDefinition(m.type)) add(`${at}.type`, 'unknownMetric');
    else if (m.groupBy && !(editorGroupBys(m.type) as string[]).includes(m.groupBy.type)) add(`${at}.groupBy`, 'groupByNotAllowed');
    if (m.groupBy?.aggregation && !(EDITOR_AGGREGATIONS as readonly string[]).includes(m.groupBy.aggregation)) add(`${at}.aggregation`, 'aggregationNotAllowed');
    const bands = m.configuration?.colorimetry ?? [];
    bands.forEach((b, j) => {
      const [low, high] = b.limits;
      if (!Number.isFinite(low) || !Number.isFinite(high)) add(`${at}.bands.${j}`, 'numberRequired');
      else if (low >= high) add(`${at}.bands.${j}`, 'bandOrder');
      else if (bands.some((o, k) => k < j && low < o.limits[1] && o.limits[0] < high)) add(`${at}.bands.${j}`, 'bandOverlap');
      if (!COLOR.test(b.color)) add(`${at}.bands.${j}.color`, 'colorInvalid');
    });
    metricFilterIssues(m, at, add);
    if (m.limit !== undefined && !(Number.isInteger(m.limit) && m.limit >= 1 && m.limit <= EDITOR_LIMIT_MAX)) add(`${at}.limit`, 'limitRange');
    if (m.sortBy && !(EDITOR_SORT_TYPES as readonly string[]).includes(m.sortBy.type)) add(`${at}.sortBy`, 'sortNotAllowed');
  });

  (widget.configuration.thresholds ?? []).forEach((t, i) => {
    if (!Number.isFinite(t.value)) add(`thresholds.${i}`, 'numberRequired');
    if (t.color !== undefined && !COLOR.test(t.color)) add(`thresholds.${i}.color`, 'colorInvalid');
  });
  (widget.configuration.colors ?? []).forEach((c, i) => {
    if (!COLOR.test(c)) add(`colors.${i}`, 'colorInvalid');
  });
  return issues;
}

const BREAKDOWN_FILTERS = new Set(['gender', 'engagement']);

/** A metric's own conditions, as the engine would refuse or misread them (retailRequest.ts). */
function metricFilterIssues(m: WidgetMetric, at: string, add: (field: string, code: WidgetEditorIssueCode) => void): void {
  const conditions = m.filters?.conditions ?? [];
  const allowed = editorFilterTypes(m.type) as string[];
  const breakdowns = conditions.filter((c) => BREAKDOWN_FILTERS.has(c.type));
  const dayOperators = new Set(conditions.filter((c) => c.type === 'day').map((c) => c.operator ?? 'IS'));
  conditions.forEach((c, j) => {
    const field = `${at}.filters.${j}`;
    if (!allowed.includes(c.type)) return add(field, 'filterNotAllowed');
    if (!c.values?.some((v) => v !== '')) return add(field, 'filterValueRequired');
    if (c.operator && !editorFilterOperators(c.type).includes(c.operator)) return add(field, 'operatorNotAllowed');
    if (BREAKDOWN_FILTERS.has(c.type) && breakdowns.indexOf(c) > 0) return add(field, 'oneBreakdownFilter');
    if (BREAKDOWN_FILTERS.has(c.type) && m.groupBy && isBreakdownGroupBy(m.groupBy.type)) return add(field, 'breakdownFilterAndGroupBy');
    if (c.type === 'day' && dayOperators.size > 1) add(field, 'dayOperatorsMixed');
  });
}

/** The issues of one field and the fields under it (`metrics.0` takes `metrics.0.bands.1`). */
export const issuesAt = (issues: readonly WidgetEditorIssue[], field: string): WidgetEditorIssue[] =>
  issues.filter((i) => i.field === field || i.field.startsWith(`${field}.`));
