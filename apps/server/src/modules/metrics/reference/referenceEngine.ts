import {
  GRANULARITIES,
  type PlacedTarget,
  type TargetKind,
  type ValidReading,
  type ZoneNode,
  bucketStart,
  businessDate,
  businessDayRange,
  isoWeekday,
  storedMetric,
} from '@sitelens/domain';
import { type BucketReading, type ReferenceAggregation, aggregate, exactSum } from './referenceAggregates.ts';

/**
 * What `retailData` answers, computed over plain arrays for the property tests: no SQL, no rollups,
 * every rule taken from the domain package. Written to be read, not to be fast.
 */
export interface ReferenceSite {
  tz: string;
  changeOfDay: string;
}

/** A reading as the ingestion stores it, once the domain's validation accepted it. */
export type ReferenceReading = ValidReading;

type When = string | number | Date;

/** The GraphQL RetailDataInput without installationId; the target is explicit (no top-zone lookup). */
export interface ReferenceRequest {
  metric: string;
  filters?: {
    operator?: string | null;
    conditions: Array<{ type: string; operator?: string | null; dateBegin?: When | null; dateEnd?: When | null; values?: string[] | null }>;
  } | null;
  groupBy?: { type: string; aggregation?: string | null; granularity?: number | null; tagId?: number | null; tagIds?: number[] | null } | null;
  granularity?: number | null;
  target: { kind: TargetKind; ids: number[] };
  limit?: number | null;
}

export interface ReferencePoint {
  t: string | null;
  value: number | null;
}

export interface ReferenceSeries {
  key: string;
  label?: string;
  points: ReferencePoint[];
}

export interface ReferenceOptions {
  /** Instant of "now", for requests without a date condition (today's business day). */
  now?: number;
  /** Target names, for the labels of per-target series. */
  targetNames?: ReadonlyMap<number, string>;
  /** The site's zone tree and the devices placed in its zones (for dependent zones and device sources). */
  zones?: readonly ZoneNode[];
  devices?: readonly PlacedTarget[];
  /** The organization's tags: category, name and the zones carrying each. */
  tags?: readonly ReferenceTag[];
}

export interface ReferenceTag {
  id: number;
  categoryId: number;
  name: string;
  zoneIds: readonly number[];
}

const toMs = (w: When) => (typeof w === 'number' ? w : new Date(w).getTime());

export function referenceRetailData(
  site: ReferenceSite,
  readings: readonly ReferenceReading[],
  request: ReferenceRequest,
  options: ReferenceOptions = {},
): { series: ReferenceSeries[] } {
  const metric = storedMetric(request.metric);
  if (!metric) throw new RangeError(`unknown metric ${request.metric}`);
  const conditions = request.filters?.conditions ?? [];
  const requested = request.groupBy?.aggregation;
  // Shares: each series' total (percentage) or average (weightedPercentage) over all series' in the bucket.
  if (requested === 'percentage' || requested === 'weightedPercentage') {
    const plain = { ...request, groupBy: { ...request.groupBy, type: request.groupBy?.type ?? 'date', aggregation: requested === 'percentage' ? 'sum' : 'avg' }, limit: null };
    const series = sharesOfTotal(referenceRetailData(site, readings, plain, options).series);
    return { series: request.limit ? series.slice(0, request.limit) : series };
  }
  const aggregation = (requested ?? (metric.nature === 'count' ? 'sum' : 'avg')) as ReferenceAggregation;
  const groupType = request.groupBy?.type ?? 'date';
  const zoneTarget = request.target.kind === 'zone';
  const perTarget = groupType === request.target.kind || (zoneTarget && groupType === 'zoneId');
  const perTag = zoneTarget && (groupType === 'tag' || groupType === 'tagCategory');
  if (groupType !== 'date' && groupType !== 'all' && !perTarget && !perTag) throw new RangeError(`group-by ${groupType}`);
  // Only dates have a time axis by default (hours); any other group-by without a granularity is one
  // value per group over the whole filtered range; group-by all is always one value.
  const asked = request.groupBy?.granularity ?? request.granularity ?? null;
  const granularity = groupType === 'all' ? null : (asked ?? (groupType === 'date' ? GRANULARITIES.hour : null));

  // A gender or engagement condition other than ALL selects that breakdown; otherwise the total ('').
  const pick = conditions.find((c) => (c.type === 'gender' || c.type === 'engagement') && c.values?.[0] && c.values[0] !== 'ALL');
  const breakdown = pick ? `${pick.type}:${pick.values![0]}` : '';

  // Date conditions are OR-ed half-open ranges; none means today's business day at the site.
  const dates = conditions.filter((c) => c.type === 'date');
  const ranges: Array<[number, number]> = dates.length
    ? dates.map((c) => [toMs(c.dateBegin!), toMs(c.dateEnd!)])
    : [todayAtSite(site, options.now)];

  // Weekdays are those of the business day (the local date once the change-of-day time is taken off).
  const dayConditions = conditions.filter((c) => c.type === 'day');
  const weekdays = new Set(dayConditions.flatMap((c) => c.values ?? []).map(Number));
  const excluding = dayConditions[0]?.operator === 'IS_NOT';
  const weekdayKept = (ts: number) => {
    if (dayConditions.length === 0) return true;
    const isOneOf = weekdays.has(isoWeekday(businessDate(ts, site.tz, site.changeOfDay)));
    return excluding ? !isOneOf : isOneOf;
  };

  // Which stored targets feed which series: a zone reads its own readings, else the devices placed in
  // it, else (with dependents, the default) its dependent zones' sources; zoneId keeps the own ones.
  // Written out here rather than taken from the domain, which asks the database about fewer targets.
  const zones = options.zones ?? [];
  const devices = options.devices ?? [];
  const holding = new Set(readings.filter((r) => r.metric === metric.id).map((r) => `${r.targetKind}:${r.targetId}`));
  const ownOf = (zoneId: number): Array<{ kind: TargetKind; id: number }> =>
    holding.has(`zone:${zoneId}`)
      ? [{ kind: 'zone', id: zoneId }]
      : devices.filter((d) => d.zoneId === zoneId && holding.has(`device:${d.id}`)).map((d) => ({ kind: 'device' as const, id: d.id }));
  const withDependents = (zoneId: number, seen: Set<number>): Array<{ kind: TargetKind; id: number }> => {
    if (seen.has(zoneId)) return [];
    seen.add(zoneId);
    const own = ownOf(zoneId);
    return own.length ? own : zones.filter((z) => z.parentId === zoneId).flatMap((z) => withDependents(z.id, seen));
  };
  const sourcesOf = (id: number) =>
    !zoneTarget ? [{ kind: request.target.kind, id }] : groupType === 'zoneId' ? ownOf(id) : withDependents(id, new Set());
  // Tags: the zones kept by the tag conditions; with a tag group-by, one series per tag of its zones.
  const tags = options.tags ?? [];
  const groupTags = !perTag
    ? []
    : groupType === 'tag'
      ? tags.filter((t) => (request.groupBy?.tagIds?.length ? request.groupBy.tagIds : [request.groupBy?.tagId]).includes(t.id))
      : tags.filter((t) => t.categoryId === request.groupBy?.tagId);
  const targets = request.target.ids.filter((id) => keptByTags(id, conditions, tags) && (!perTag || groupTags.some((t) => t.zoneIds.includes(id))));
  const seriesOfTarget = (id: number): string[] =>
    perTag ? groupTags.filter((t) => t.zoneIds.includes(id)).map((t) => String(t.id)) : [perTarget ? String(id) : 'all'];
  const seriesOf = new Map<string, Set<string>>();
  for (const id of targets) {
    for (const source of sourcesOf(id)) {
      const key = `${source.kind}:${source.id}`;
      for (const series of seriesOfTarget(id)) seriesOf.set(key, (seriesOf.get(key) ?? new Set()).add(series));
    }
  }
  const selected = readings.filter(
    (r) =>
      seriesOf.has(`${r.targetKind}:${r.targetId}`) &&
      r.metric === metric.id &&
      r.breakdown === breakdown &&
      ranges.some(([a, b]) => r.ts >= a && r.ts < b) &&
      weekdayKept(r.ts),
  );

  // series key -> bucket start (or null) -> readings
  const groups = new Map<string, Map<number | null, BucketReading[]>>();
  for (const r of selected) for (const key of seriesOf.get(`${r.targetKind}:${r.targetId}`)!) {
    const bucket = granularity === null ? null : bucketStart(r.ts, { granularity, tz: site.tz, changeOfDay: site.changeOfDay });
    const buckets = groups.get(key) ?? new Map<number | null, BucketReading[]>();
    groups.set(key, buckets);
    buckets.set(bucket, [...(buckets.get(bucket) ?? []), { ts: r.ts, targetId: r.targetId, value: r.value }]);
  }

  const label = (key: string) =>
    perTarget ? (options.targetNames?.get(Number(key)) ?? key) : perTag ? (tags.find((t) => String(t.id) === key)?.name ?? key) : 'all';
  const series: ReferenceSeries[] = [...groups.entries()]
    .sort(([a], [b]) => (perTarget || perTag ? Number(a) - Number(b) : 0))
    .map(([key, buckets]) => ({
      key,
      label: label(key),
      points: [...buckets.entries()]
        .sort(([a], [b]) => (a ?? 0) - (b ?? 0))
        .map(([t, inBucket]) => ({ t: t === null ? null : new Date(t).toISOString(), value: aggregate(aggregation, inBucket) })),
    }));
  return { series: request.limit ? series.slice(0, request.limit) : series };
}

/**
 * Whether a zone passes the tag and category conditions: every condition must hold (conditions
 * combine with AND), and a condition holds when, for each category among its tags, the zone carries
 * at least one of that category's tags in the condition.
 */
function keptByTags(zoneId: number, conditions: NonNullable<ReferenceRequest['filters']>['conditions'], tags: readonly ReferenceTag[]): boolean {
  return conditions
    .filter((c) => c.type === 'tag' || c.type === 'category')
    .every((c) => {
      const chosen = tags.filter((t) => (c.values ?? []).includes(String(t.id)));
      const categories = new Set(chosen.map((t) => t.categoryId));
      return [...categories].every((category) => chosen.some((t) => t.categoryId === category && t.zoneIds.includes(zoneId)));
    });
}

function todayAtSite(site: ReferenceSite, now: number | undefined): [number, number] {
  if (now === undefined) throw new RangeError('a request without a date condition needs options.now');
  return businessDayRange(businessDate(now, site.tz, site.changeOfDay), site.tz, site.changeOfDay);
}

/** 100 x each point over the sum of all series' points at the same bucket; null where that sum is 0. */
function sharesOfTotal(series: ReferenceSeries[]): ReferenceSeries[] {
  const totals = new Map<string | null, number[]>();
  for (const s of series) for (const p of s.points) if (p.value !== null) totals.set(p.t, [...(totals.get(p.t) ?? []), p.value]);
  return series.map((s) => ({
    ...s,
    points: s.points.map((p) => {
      const total = exactSum(totals.get(p.t) ?? []);
      return { ...p, value: p.value === null || total === 0 ? null : (p.value / total) * 100 };
    }),
  }));
}
