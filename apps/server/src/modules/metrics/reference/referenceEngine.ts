import { GRANULARITIES, type TargetKind, bucketStart, businessDate, businessDayRange, isoWeekday, storedMetric } from '@sitelens/domain';
import { type BucketReading, type ReferenceAggregation, aggregate } from './referenceAggregates.ts';

/**
 * What `retailData` answers, computed over plain arrays for the property tests: no SQL, no rollups,
 * every rule taken from the domain package. Written to be read, not to be fast.
 */
export interface ReferenceSite {
  tz: string;
  changeOfDay: string;
}

export interface ReferenceReading {
  targetKind: TargetKind;
  targetId: number;
  metric: string;
  /** '' for the total, else "dimension:value". */
  breakdown: string;
  ts: number;
  value: number;
}

type When = string | number | Date;

/** The GraphQL RetailDataInput without installationId; the target is explicit (no top-zone lookup). */
export interface ReferenceRequest {
  metric: string;
  filters?: {
    operator?: string | null;
    conditions: Array<{ type: string; operator?: string | null; dateBegin?: When | null; dateEnd?: When | null; values?: string[] | null }>;
  } | null;
  groupBy?: { type: string; aggregation?: string | null; granularity?: number | null } | null;
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
  const aggregation = (request.groupBy?.aggregation ?? (metric.nature === 'count' ? 'sum' : 'avg')) as ReferenceAggregation;
  const groupType = request.groupBy?.type ?? 'date';
  if (groupType !== 'date' && groupType !== 'all' && groupType !== request.target.kind) throw new RangeError(`group-by ${groupType}`);
  const perTarget = groupType === request.target.kind;
  const granularity = groupType === 'all' ? null : (request.groupBy?.granularity ?? request.granularity ?? GRANULARITIES.hour);

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

  const ids = new Set(request.target.ids);
  const selected = readings.filter(
    (r) =>
      r.targetKind === request.target.kind &&
      ids.has(r.targetId) &&
      r.metric === metric.id &&
      r.breakdown === breakdown &&
      ranges.some(([a, b]) => r.ts >= a && r.ts < b) &&
      weekdayKept(r.ts),
  );

  // series key -> bucket start (or null) -> readings
  const groups = new Map<string, Map<number | null, BucketReading[]>>();
  for (const r of selected) {
    const key = perTarget ? String(r.targetId) : 'all';
    const bucket = granularity === null ? null : bucketStart(r.ts, { granularity, tz: site.tz, changeOfDay: site.changeOfDay });
    const buckets = groups.get(key) ?? new Map<number | null, BucketReading[]>();
    groups.set(key, buckets);
    buckets.set(bucket, [...(buckets.get(bucket) ?? []), { ts: r.ts, targetId: r.targetId, value: r.value }]);
  }

  const series: ReferenceSeries[] = [...groups.entries()]
    .sort(([a], [b]) => (perTarget ? Number(a) - Number(b) : 0))
    .map(([key, buckets]) => ({
      key,
      label: perTarget ? (options.targetNames?.get(Number(key)) ?? key) : 'all',
      points: [...buckets.entries()]
        .sort(([a], [b]) => (a ?? 0) - (b ?? 0))
        .map(([t, inBucket]) => ({ t: t === null ? null : new Date(t).toISOString(), value: aggregate(aggregation, inBucket) })),
    }));
  return { series: request.limit ? series.slice(0, request.limit) : series };
}

function todayAtSite(site: ReferenceSite, now: number | undefined): [number, number] {
  if (now === undefined) throw new RangeError('a request without a date condition needs options.now');
  return businessDayRange(businessDate(now, site.tz, site.changeOfDay), site.tz, site.changeOfDay);
}
