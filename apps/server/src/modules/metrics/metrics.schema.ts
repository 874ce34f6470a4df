import { builder } from '../../graphql/builder.ts';
import { type Kpi, kpis } from './derive/kpis.service.ts';
import { type RetailSeries, retailData, retailDataBatch } from './retailData.service.ts';

const ConditionInput = builder.inputType('ConditionInput', {
  fields: (t) => ({
    type: t.string({ required: true }),
    operator: t.string(),
    dateBegin: t.field({ type: 'DateTime' }),
    dateEnd: t.field({ type: 'DateTime' }),
    values: t.stringList(),
  }),
});

const FiltersInput = builder.inputType('RetailFiltersInput', {
  fields: (t) => ({ operator: t.string(), conditions: t.field({ type: [ConditionInput], required: true }) }),
});

const GroupByInput = builder.inputType('GroupByInput', {
  fields: (t) => ({
    type: t.string({ required: true }),
    aggregation: t.string(),
    granularity: t.int(),
    variant: t.string(),
    tagId: t.int(),
    tagIds: t.intList(),
  }),
});

const SortByInput = builder.inputType('SortByInput', {
  fields: (t) => ({ type: t.string({ required: true }), order: t.string({ required: true }) }),
});

const TargetInput = builder.inputType('TargetInput', {
  fields: (t) => ({ kind: t.string({ required: true }), ids: t.intList({ required: true }) }),
});

const RetailDataInput = builder.inputType('RetailDataInput', {
  fields: (t) => ({
    installationId: t.int({ required: true }),
    metric: t.string({ required: true }),
    filters: t.field({ type: FiltersInput }),
    groupBy: t.field({ type: GroupByInput }),
    granularity: t.int(),
    sortBy: t.field({ type: SortByInput }),
    limit: t.int(),
    target: t.field({ type: TargetInput }),
    maxRangeDays: t.int({ description: 'Refuse (TIME_RANGE_TOO_WIDE) dates spanning more days than this.' }),
  }),
});

const PointRef = builder.objectRef<RetailSeries['points'][number]>('RetailPoint').implement({
  fields: (t) => ({
    t: t.field({ type: 'DateTime', nullable: true, resolve: (p) => p.t }),
    key: t.exposeString('key', { nullable: true }),
    value: t.exposeFloat('value', { nullable: true }),
  }),
});

const SeriesRef = builder.objectRef<RetailSeries>('RetailSeries').implement({
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    points: t.field({ type: [PointRef], resolve: (s) => s.points }),
  }),
});

const ResultRef = builder.objectRef<{ metric: string; unit: string | null; series: RetailSeries[] }>('RetailDataResult').implement({
  fields: (t) => ({
    metric: t.exposeString('metric'),
    unit: t.exposeString('unit', { nullable: true }),
    series: t.field({ type: [SeriesRef], resolve: (r) => r.series }),
  }),
});

builder.queryField('retailData', (t) =>
  t.field({
    type: ResultRef,
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: RetailDataInput, required: true }) },
    resolve: (_r, { input }, ctx) => retailData(ctx, input),
  }),
);

builder.queryField('retailDataBatch', (t) =>
  t.field({
    type: [ResultRef],
    description: 'Several retailData requests in one call (a page of widgets), answered in order.',
    authScopes: { signedIn: true },
    args: { inputs: t.arg({ type: [RetailDataInput], required: true }) },
    resolve: (_r, { inputs }, ctx) => retailDataBatch(ctx, inputs),
  }),
);

const KpiComparison = builder.enumType('KpiComparison', {
  description: 'What a KPI is compared with (a widget\'s configuration.comparison).',
  values: {
    PREVIOUS_PERIOD: { value: 'previousPeriod', description: 'The period of equal length just before.' },
    PREVIOUS_YEAR: { value: 'previousYear', description: 'The same dates 52 weeks (364 days) earlier, at the same local time: the same weekdays.' },
    NONE: { value: 'none', description: 'No comparison: previousValue and evolution are null, and no second request is made.' },
  } as const,
});

const KpiInput = builder.inputType('KpiInput', {
  fields: (t) => ({
    installationId: t.int({ required: true }),
    metrics: t.stringList({ required: true }),
    filters: t.field({ type: FiltersInput }),
    target: t.field({ type: TargetInput }),
    comparison: t.field({ type: KpiComparison, defaultValue: 'previousPeriod' }),
  }),
});

const KpiRef = builder.objectRef<Kpi>('Kpi').implement({
  fields: (t) => ({
    metric: t.exposeString('metric'),
    unit: t.exposeString('unit', { nullable: true }),
    value: t.exposeFloat('value', { nullable: true }),
    previousValue: t.exposeFloat('previousValue', { nullable: true }),
    evolution: t.exposeFloat('evolution', { nullable: true }),
    missingMetrics: t.exposeStringList('missingMetrics', { description: 'Without a value: the stored metrics it is computed from that the site has never measured.' }),
    soFar: t.exposeBoolean('soFar', { description: 'The period is still running: previousValue covers the same elapsed part of the previous period.' }),
  }),
});

builder.queryField('kpis', (t) =>
  t.field({
    type: [KpiRef],
    description: 'One figure per metric over the filters, with the compared period (the previous equal one by default; KPI cards and their tooltips).',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: KpiInput, required: true }) },
    resolve: (_r, { input }, ctx) => kpis(ctx, input),
  }),
);
