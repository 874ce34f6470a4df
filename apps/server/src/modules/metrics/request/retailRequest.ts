// The request side of retailData: input types and their validation into a RetailQuery.
import {
  GRANULARITIES,
  HOUR_PRESETS,
  type MinuteRanges,
  type StoredMetric,
  type TargetKind,
  businessDate,
  businessDayRange,
  dailyHours,
  intersectRanges,
  openingHoursRanges,
} from '@sitelens/domain';
import type { Context } from '../../../graphql/context.ts';
import { AppError, badInput } from '../../../graphql/errors.ts';
import type { InstallationRow } from '../../installations/installations.repo.ts';
import type { Aggregation, DateKey, RetailQuery } from '../sql/retailQuery.ts';
import { querySources } from '../plan/querySources.ts';
import { tagScope } from './tagScope.ts';
import { targetNames, topZone } from '../run/operationLoaders.ts';
import { type ConditionInput, MAX_RANGE_DAYS, type RetailDataInput } from './retailInput.ts';

export { type ConditionInput, MAX_RANGE_DAYS, type RetailDataInput } from './retailInput.ts';

/** Most buckets one answer may hold (spec 001 §9 limit constant). */
export const MAX_BUCKETS = 10_000;
const SUPPORTED_AGGREGATIONS = new Set<Aggregation>(['sum', 'avg', 'min', 'max', 'median', 'count', 'p25', 'p75', 'p95', 'first', 'last']);
const GRANULARITY_VALUES = new Set<number>(Object.values(GRANULARITIES));
const TARGET_KINDS = new Set<TargetKind>(['zone', 'passage', 'device']);

/** Group-by types of the catalogue that split a metric by one of its breakdown dimensions. */
const BREAKDOWN_GROUP_BYS: Record<string, string> = {
  gender: 'gender',
  engagement: 'engagement',
  ageCategory: 'age',
  energyOrigin: 'origin',
  energyDestination: 'destination',
  combustibleType: 'combustible',
  waterTemperature: 'waterTemperature',
  useType: 'use',
};

/** Checks a request against the site, the caller's data and the catalogue, and turns it into a RetailQuery. */
export async function toQuery(ctx: Context, site: InstallationRow, metric: StoredMetric, input: RetailDataInput): Promise<RetailQuery> {
  const conditions = input.filters?.conditions ?? [];
  // Only days can be excluded; any other condition selects. An IS_NOT elsewhere would be answered as IS.
  const negated = conditions.find((c) => c.operator === 'IS_NOT' && c.type !== 'day');
  if (negated) throw badInput('filters', `IS_NOT applies to day conditions only, not ${negated.type}`);
  const targetKind = (input.target?.kind ?? 'zone') as TargetKind;
  if (!TARGET_KINDS.has(targetKind) || !metric.targets.includes(targetKind)) throw badInput('target', 'metric not measured on this target');
  const requestedIds = input.target?.ids ?? (await defaultTargets(ctx, site));
  const known = await targetNames(ctx, targetKind, requestedIds, site.id, metric.id);
  if (requestedIds.some((id) => !known.has(id))) throw badInput('target', 'unknown target');
  const { targetIds, groupTagIds } = await tagScope(ctx, site, input, conditions, requestedIds);

  const ranges = dateRanges(conditions, site, ctx.now());
  const granularity = input.groupBy?.granularity ?? input.granularity ?? null;
  if (granularity !== null && !GRANULARITY_VALUES.has(granularity)) throw badInput('granularity', 'unsupported granularity');
  const spanSeconds = ranges.reduce((s, [a, b]) => s + (b.getTime() - a.getTime()) / 1000, 0);
  if (granularity !== null && spanSeconds / granularity > MAX_BUCKETS) throw new AppError('TIME_RANGE_TOO_WIDE', { maxBuckets: MAX_BUCKETS });

  const groupType = input.groupBy?.type ?? 'date';
  const dateKey = groupType === 'discontinuousDate' ? discontinuousVariant(input.groupBy?.variant) : null;
  const dimension = BREAKDOWN_GROUP_BYS[groupType] ?? null;
  const byTag = groupType === 'tag' || groupType === 'tagCategory';
  const perTarget = groupType === targetKind || ((groupType === 'zoneId' || groupType === 'device' || groupType === 'passage') && targetKind === 'zone');
  const byValue = groupType === 'groupSize';
  if (byValue && metric.id !== 'groupSize') throw badInput('groupBy', 'groupSize groups the groupSize metric only');
  const groupBy = groupType === 'date' ? 'date' : groupType === 'all' || dateKey ? 'all' : perTarget ? 'target' : dimension ? 'breakdown' : byTag ? 'tag' : byValue ? 'value' : null;
  if (!groupBy) throw badInput('groupBy', `unsupported group-by ${groupType}`);
  if (dimension && !metric.breakdowns.includes(dimension)) throw badInput('groupBy', `group-by ${groupType}: metric has no such breakdown`);
  // The catalogue says "average"; "avg" is accepted as well.
  const requested = input.groupBy?.aggregation === 'average' ? 'avg' : input.groupBy?.aggregation;
  // Grouped by group size, the natural answer is how many groups had each size.
  const aggregation = (requested ?? (byValue ? 'count' : metric.nature === 'count' ? 'sum' : 'avg')) as Aggregation;
  if (!SUPPORTED_AGGREGATIONS.has(aggregation)) throw badInput('aggregation', `unsupported aggregation ${aggregation}`);

  const split = groupBy === 'tag' ? 'tag' : groupBy !== 'target' ? 'all' : groupType === targetKind && targetKind !== 'zone' ? 'target' : (groupType as 'zone' | 'zoneId' | 'device' | 'passage');
  const { sources, seriesKind } = await querySources(ctx, site, metric, { targetKind, targetIds, split, groupTagIds });
  const query: RetailQuery = {
    sources,
    seriesKind,
    organizationId: site.organizationId,
    tz: site.timezone,
    changeOfDay: site.changeOfDayTime,
    metric: metric.id,
    targetKind,
    targetIds,
    breakdown: breakdownOf(conditions, metric),
    breakdownDimension: dimension,
    dateKey,
    groupTagIds,
    ranges,
    weekdays: weekdayFilter(conditions),
    minuteRanges: hourFilter(conditions, site),
    // Only a date group-by has a time axis by default (hours); any other group-by without a
    // granularity answers one value per group over the whole filtered range.
    granularity: groupBy === 'all' ? null : granularity ?? (groupBy === 'date' ? GRANULARITIES.hour : null),
    groupBy,
    aggregation,
  };
  if (dimension && query.breakdown) throw badInput('filters', 'a breakdown filter and a breakdown group-by cannot be combined');
  return query;
}

async function defaultTargets(ctx: Context, site: InstallationRow): Promise<number[]> {
  const top = await topZone(ctx, site.id);
  return top ? [top.id] : [];
}

/** Date conditions combine with OR; none means today's business day at the site. */
function dateRanges(conditions: ConditionInput[], site: InstallationRow, now: Date): Array<[Date, Date]> {
  const dates = conditions.filter((c) => c.type === 'date');
  if (dates.length === 0) {
    const [a, b] = businessDayRange(businessDate(now.getTime(), site.timezone, site.changeOfDayTime), site.timezone, site.changeOfDayTime);
    return [[new Date(a), new Date(b)]];
  }
  return dates.map((c) => {
    if (!c.dateBegin || !c.dateEnd) throw badInput('filters', 'date condition needs dateBegin and dateEnd');
    if (c.dateEnd <= c.dateBegin) throw badInput('filters', 'dateEnd must be after dateBegin');
    if (c.dateEnd.getTime() - c.dateBegin.getTime() > MAX_RANGE_DAYS * 86_400_000) throw new AppError('TIME_RANGE_TOO_WIDE', { maxDays: MAX_RANGE_DAYS });
    return [c.dateBegin, c.dateEnd] as [Date, Date];
  });
}

function weekdayFilter(conditions: ConditionInput[]): RetailQuery['weekdays'] {
  const days = conditions.filter((c) => c.type === 'day');
  if (days.length === 0) return null;
  const operator = days[0]?.operator === 'IS_NOT' ? 'IS_NOT' : 'IS';
  if (days.some((c) => (c.operator === 'IS_NOT' ? 'IS_NOT' : 'IS') !== operator)) throw badInput('filters', 'day conditions mix IS and IS_NOT');
  const values = days.flatMap((c) => c.values ?? []).map(Number);
  if (values.some((d) => !Number.isInteger(d) || d < 1 || d > 7)) throw badInput('filters', 'weekday must be 1..7');
  return { operator, days: values };
}

/** A gender or engagement condition other than ALL selects that breakdown of the metric. */
function breakdownOf(conditions: ConditionInput[], metric: StoredMetric): string {
  const picks = conditions
    .filter((c) => (c.type === 'gender' || c.type === 'engagement') && c.values?.[0] && c.values[0] !== 'ALL')
    .map((c) => `${c.type}:${c.values?.[0]}`);
  if (picks.length > 1) throw badInput('filters', 'one breakdown at a time');
  const pick = picks[0];
  if (!pick) return '';
  if (!metric.breakdowns.includes(pick.split(':')[0] ?? '')) throw badInput('filters', 'metric has no such breakdown');
  return pick;
}

/**
 * Hours counted: an "hours" condition takes a preset (morning, afternoon, openingHours: 8-19 h) or
 * [from, to] local hours; an "openingHours" condition takes the site's own weekly windows. Several
 * conditions intersect (AND).
 */
function hourFilter(conditions: ConditionInput[], site: InstallationRow): MinuteRanges | null {
  let ranges: MinuteRanges | null = null;
  for (const c of conditions) {
    let next: MinuteRanges | null = null;
    if (c.type === 'openingHours') next = site.openingHours.length ? openingHoursRanges(site.openingHours) : null;
    if (c.type === 'hours') {
      const [first, second] = c.values ?? [];
      const preset = first ? HOUR_PRESETS[first as keyof typeof HOUR_PRESETS] : undefined;
      const [from, to] = preset ?? [Number(first), Number(second)];
      if (!(Number.isInteger(from) && Number.isInteger(to) && from >= 0 && to <= 24 && from < to)) throw badInput('filters', 'hours must be a preset or 0 <= from < to <= 24');
      next = dailyHours(from, to);
    }
    if (next) ranges = ranges ? intersectRanges(ranges, next) : next;
  }
  return ranges;
}

function discontinuousVariant(variant: string | null | undefined): DateKey {
  if (variant === 'weekday' || variant === 'weekend' || variant === 'weekly' || variant === 'monthly') return variant;
  throw badInput('groupBy', 'discontinuousDate needs variant weekday, weekend, weekly or monthly');
}
