import { z } from 'zod';
import { WIDGET_COMPARISONS, WIDGET_HEIGHTS, WIDGET_TYPES, WIDGET_WIDTHS, isGroupByType, metricDefinition } from '@sitelens/domain';
import { badInput } from '../../graphql/errors.ts';
import { type IdsRef, idsOfValues } from '../access/ownedIds.ts';

const ids = z.array(z.number().int().positive()).max(500);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const FILTER_TYPES = ['date', 'day', 'zone', 'gender', 'engagement', 'category'] as const;

const band = z.object({
  limits: z.tuple([z.number(), z.number()]),
  color: z.string().max(40),
  text: z.string().max(200).optional(),
  suffix: z.string().max(40).optional(),
});

const condition = z.object({
  type: z.string().min(1).max(40),
  operator: z.enum(['IS', 'IS_NOT']).optional(),
  dateBegin: z.string().max(40).optional(),
  dateEnd: z.string().max(40).optional(),
  values: z.array(z.string().max(100)).max(200).optional(),
});

/** A widget metric (domain WidgetMetric): a catalogue metric, a known group-by type. */
const metric = z.object({
  type: z.string().refine((id) => metricDefinition(id) !== undefined, 'unknownMetric'),
  configuration: z
    .object({
      colorimetry: z.array(band).max(20).optional(),
      customDescription: z.string().max(500).optional(),
      tooltip: z.string().max(500).optional(),
      label: z.string().max(200).optional(),
      color: z.string().max(40).optional(),
    })
    .optional(),
  limit: z.number().int().min(0).max(10_000).optional(),
  filters: z.object({ operator: z.enum(['AND', 'OR']).optional(), conditions: z.array(condition).max(50) }).optional(),
  granularity: z.number().int().positive().optional(),
  sortBy: z.object({ type: z.string().max(40), order: z.enum(['ASC', 'DESC']) }).optional(),
  groupBy: z
    .object({
      type: z.string().refine(isGroupByType, 'unknownGroupBy'),
      aggregation: z.string().max(40).optional(),
      tagId: z.number().int().optional(),
      tagIds: z.array(z.number().int()).max(200).optional(),
      granularity: z.number().int().positive().optional(),
      variant: z.string().max(40).optional(),
    })
    .optional(),
  target: z.object({ kind: z.enum(['zone', 'passage', 'device']), ids }).optional(),
  passageType: z.string().max(40).optional(),
  complementary: z.boolean().optional(),
  customTitles: z.record(z.string(), z.string().max(200)).optional(),
});

const configuration = z
  .object({
    hideUnit: z.boolean(),
    useCustomFormatter: z.boolean(),
    isMultiChart: z.boolean(),
    colors: z.array(z.string().max(40)).max(50),
    stacked: z.boolean(),
    thresholds: z.array(z.object({ value: z.number(), color: z.string().max(40).optional(), label: z.string().max(200).optional() })).max(20),
    halfCircle: z.boolean(),
    isParallelCoordinates: z.boolean(),
    showMinMaxLabel: z.boolean(),
    avoidMergingYAxis: z.boolean(),
    dropdownsConfig: z.unknown(),
    isPercentage: z.boolean(),
    isKpiMenuHidden: z.boolean(),
    isBlockTitleVisible: z.boolean(),
    showLegend: z.boolean(),
    installationId: z.number().int().positive(),
    comparison: z.enum(WIDGET_COMPARISONS),
  })
  .partial()
  .strict();

/** What a client sends to create or replace a widget (domain Widget without id and pageId). */
export const widgetInput = z.object({
  type: z.enum(WIDGET_TYPES),
  title: z.string().trim().min(1).max(200),
  category: z.enum(['global', 'specific']).default('global'),
  tooltipMessages: z.array(z.string().max(500)).max(10).default([]),
  realTime: z.enum(['slow', 'fast', 'live']).nullable().default(null),
  order: z.number().int().min(0).max(10_000).optional(),
  kind: z.enum(['live', 'custom']).default('custom'),
  zoneIds: ids.default([]),
  deviceIds: ids.default([]),
  passageIds: ids.default([]),
  alertIds: ids.default([]),
  ignoredFilters: z.array(z.enum(FILTER_TYPES)).max(6).default([]),
  headers: z.array(z.string().max(200)).max(50).optional(),
  metrics: z.array(metric).max(20).default([]),
  configuration: configuration.default({}),
  layout: z.object({ width: z.enum(WIDGET_WIDTHS).optional(), height: z.enum(WIDGET_HEIGHTS).optional() }).strict().optional(),
});
export type WidgetInput = z.infer<typeof widgetInput>;

/** A page's preset filters (domain GlobalWidgetFilter). */
export const globalFiltersInput = z
  .array(
    z.object({
      id: z.number().int(),
      type: z.enum(['dashboard', 'events', 'timespan', 'day', 'zone', 'gender', 'engagement', 'category']),
      order: z.number().int(),
      zoneIds: ids.optional(),
      categoryId: z.number().int().optional(),
      dateFilters: z.tuple([isoDate, isoDate]).optional(),
      datePreset: z.string().max(40).optional(),
      dayFilters: z.object({ operator: z.enum(['IS', 'IS_NOT']), values: z.array(z.number().int().min(0).max(6)).max(7) }).optional(),
    }),
  )
  .max(20);

/** Parses or answers BAD_USER_INPUT naming the first wrong field (e.g. `metrics.0.type`). */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, root: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw badInput([root, ...issue.path.map(String)].join('.'), issue.message);
}

export const NAME_MAX = 100;

/** A dashboard or page name: trimmed, 1 to 100 characters. */
export function parseName(name: string, field = 'name'): string {
  const trimmed = name.trim();
  if (!trimmed) throw badInput(field, 'required');
  if (trimmed.length > NAME_MAX) throw badInput(field, 'tooLong');
  return trimmed;
}

/** Every id a widget names (its targets, its metrics' targets, tags and filters, its site), for the ownership check. */
export function widgetIdRefs(w: WidgetInput): IdsRef[] {
  const refs: IdsRef[] = [
    { field: 'widget.zoneIds', kind: 'zone', ids: w.zoneIds },
    { field: 'widget.deviceIds', kind: 'device', ids: w.deviceIds },
    { field: 'widget.passageIds', kind: 'passage', ids: w.passageIds },
    { field: 'widget.alertIds', kind: 'alert', ids: w.alertIds },
  ];
  if (w.configuration.installationId !== undefined) refs.push({ field: 'widget.configuration.installationId', kind: 'installation', ids: [w.configuration.installationId] });
  w.metrics.forEach((m, i) => {
    const at = `widget.metrics.${i}`;
    if (m.target) refs.push({ field: `${at}.target.ids`, kind: m.target.kind, ids: m.target.ids });
    const tagIds = [...(m.groupBy?.tagIds ?? []), ...(m.groupBy?.tagId !== undefined ? [m.groupBy.tagId] : [])];
    refs.push({ field: `${at}.groupBy.tagIds`, kind: 'tag', ids: tagIds });
    (m.filters?.conditions ?? []).forEach((c, j) => {
      if (c.type === 'zone') refs.push({ field: `${at}.filters.conditions.${j}.values`, kind: 'zone', ids: idsOfValues(c.values) });
      if (c.type === 'category' || c.type === 'tag') refs.push({ field: `${at}.filters.conditions.${j}.values`, kind: 'tag', ids: idsOfValues(c.values) });
    });
  });
  return refs;
}

/** Every id a page's preset filters name: zones and tag categories. */
export function globalFilterIdRefs(filters: z.infer<typeof globalFiltersInput>): IdsRef[] {
  return filters.flatMap((f, i): IdsRef[] => [
    { field: `widgetGlobalFilters.${i}.zoneIds`, kind: 'zone', ids: f.zoneIds ?? [] },
    { field: `widgetGlobalFilters.${i}.categoryId`, kind: 'tagCategory', ids: f.categoryId !== undefined ? [f.categoryId] : [] },
  ]);
}
