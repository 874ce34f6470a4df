import { GRANULARITIES, businessDate, businessDayRange, isoDateAddDays } from '@sitelens/domain';
import type { Aggregation, GroupByType, RetailQuery } from '../../apps/server/src/modules/metrics/sql/retailQuery.ts';
import { type BenchLayout, type BenchSite, NOW } from '../dataset/layout.ts';

/** One retailData call: what the client sends, and the RetailQuery the service builds from it. */
export interface QueryPart {
  input: Record<string, unknown>;
  query: RetailQuery;
}

export interface BenchRequest {
  id: string;
  label: string;
  /** Sent together, as a page sends its widgets' queries. */
  parts: QueryPart[];
  /** The page's other documents, sent alongside over HTTP only (no metrics SQL in them). */
  pageDocuments?: Array<{ query: string; variables: Record<string, unknown> }>;
  yearLong: boolean;
}

interface Spec {
  metric: string;
  targetIds: number[];
  ranges: Array<[number, number]>;
  granularity: number | null;
  groupBy: GroupByType;
  aggregation: Aggregation;
}

const iso = (ms: number) => new Date(ms).toISOString();
const dayStart = (date: string, tz: string) => businessDayRange(date, tz, '00:00')[0];
const today = (tz: string) => businessDate(NOW, tz, '00:00');
/** The n complete days before today, local to the site. */
const lastDays = (tz: string, n: number): [number, number] => [dayStart(isoDateAddDays(today(tz), -n), tz), dayStart(today(tz), tz)];
/** The current month and the 11 before it, local to the site. */
function lastTwelveMonths(tz: string): [number, number] {
  const [y, m] = today(tz).split('-').map(Number) as [number, number];
  const month = (offset: number) => {
    const k = y * 12 + (m - 1) + offset;
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}-01`;
  };
  return [dayStart(month(-11), tz), dayStart(month(1), tz)];
}

/** The GraphQL input and the matching RetailQuery, as retailData.service builds it. */
function part(organizationId: number, site: BenchSite, spec: Spec, input?: Record<string, unknown>): QueryPart {
  const filters = { operator: 'AND', conditions: spec.ranges.map(([a, b]) => ({ type: 'date', dateBegin: iso(a), dateEnd: iso(b) })) };
  return {
    input: input ?? {
      installationId: site.installationId,
      metric: spec.metric,
      groupBy: { type: spec.groupBy === 'target' ? 'zone' : spec.groupBy, aggregation: spec.aggregation, granularity: spec.granularity },
      target: { kind: 'zone', ids: spec.targetIds },
      filters,
    },
    query: {
      organizationId,
      tz: site.tz,
      changeOfDay: '00:00',
      metric: spec.metric,
      targetKind: 'zone',
      targetIds: spec.targetIds,
      breakdown: '',
      ranges: spec.ranges.map(([a, b]) => [new Date(a), new Date(b)]),
      weekdays: null,
      minuteRanges: null,
      granularity: spec.groupBy === 'all' ? null : spec.granularity,
      groupBy: spec.groupBy,
      aggregation: spec.aggregation,
    } as RetailQuery,
  };
}

const siteIn = (layout: BenchLayout, tz: string) => layout.sites.find((s) => s.tz === tz)!;

/** The requests of the issue, on sites in three time zones. */
export function benchRequests(layout: BenchLayout): BenchRequest[] {
  const org = layout.organizationId;
  const paris = siteIn(layout, 'Europe/Paris');
  const kolkata = siteIn(layout, 'Asia/Kolkata');
  const newYork = siteIn(layout, 'America/New_York');
  const { hour, day, month } = GRANULARITIES;
  const counts = { metric: 'visitorsIn', aggregation: 'sum' as const };
  const co2 = (aggregation: Aggregation, granularity: number) =>
    part(org, newYork, { metric: 'co2', targetIds: newYork.zoneIds, ranges: [lastDays(newYork.tz, 30)], granularity, groupBy: 'date', aggregation });
  // The same 89 days on the site's day bounds, and moved by 3 hours (a custom range, or the site seen
  // from another zone's dashboard): whole days from rollups either way, only the edges finer (issue 33.5).
  const days89 = lastDays(newYork.tz, 89);
  const shifted: [number, number] = [days89[0] + 3 * 3_600_000, days89[1] + 3 * 3_600_000];
  const co2Days = (ranges: Array<[number, number]>, aggregation: Aggregation = 'avg') =>
    part(org, newYork, { metric: 'co2', targetIds: newYork.zoneIds, ranges, granularity: day, groupBy: 'date', aggregation });
  const todayRange = businessDayRange(today(paris.tz), paris.tz, '00:00');
  const countingSpec: Spec = { ...counts, targetIds: [paris.zoneIds[0]!], ranges: [todayRange], granularity: hour, groupBy: 'date' };
  // The counting page's chart input, word for word (apps/web VisitorsTodayCard): no target, so the top zone.
  const countingInput = {
    installationId: paris.installationId,
    metric: 'visitorsIn',
    granularity: hour,
    groupBy: { type: 'date', aggregation: 'sum' },
    filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: iso(todayRange[0]), dateEnd: iso(todayRange[1]) }] },
  };
  const installationId = { installationId: paris.installationId };
  return [
    { id: 'zone7dHourly', label: 'one zone, last 7 days per hour', yearLong: false,
      parts: [part(org, kolkata, { ...counts, targetIds: [kolkata.zoneIds[1]!], ranges: [lastDays(kolkata.tz, 7)], granularity: hour, groupBy: 'date' })] },
    { id: 'site90dDailyPerZone', label: "one site's 10 zones, last 90 days per day per zone", yearLong: false,
      parts: [part(org, paris, { ...counts, targetIds: paris.zoneIds, ranges: [lastDays(paris.tz, 90)], granularity: day, groupBy: 'target' })] },
    { id: 'allZonesYearMonthly', label: `all ${layout.sites.length * 10} zones, full year per month (one request per site, sent in batches of 20)`, yearLong: true,
      parts: layout.sites.map((s) => part(org, s, { ...counts, targetIds: s.zoneIds, ranges: [lastTwelveMonths(s.tz)], granularity: month, groupBy: 'date' })) },
    { id: 'co2HourlyAvg30d', label: 'one site CO2, last 30 days, hourly average', yearLong: false, parts: [co2('avg', hour)] },
    { id: 'co2DailyP95_30d', label: 'one site CO2, last 30 days, daily p95', yearLong: false, parts: [co2('p95', day)] },
    { id: 'co2DailyAvg89d', label: "one site CO2, 89 days on the site's day bounds, daily average", yearLong: false, parts: [co2Days([days89])] },
    { id: 'co2DailyAvg89dShifted', label: 'the same 89 days moved by 3 hours, daily average', yearLong: false, parts: [co2Days([shifted])] },
    { id: 'co2DailyMedian89d', label: "one site CO2, 89 days on the site's day bounds, daily median", yearLong: false, parts: [co2Days([days89], 'median')] },
    { id: 'co2DailyMedian89dShifted', label: 'the same 89 days moved by 3 hours, daily median', yearLong: false, parts: [co2Days([shifted], 'median')] },
    { id: 'countingPage', label: 'demo counting page (site, zones, today per hour)', yearLong: false,
      parts: [part(org, paris, countingSpec, countingInput)],
      pageDocuments: [
        { query: 'query($installationId: Int!) { installationById(installationId: $installationId) { id name organizationId city country address timezone change_of_day_time families } }', variables: installationId },
        { query: 'query($installationId: Int!) { zonesByInstallation(installationId: $installationId) { id name installationId parentIds childIds sensorId isDisabled isDeleted } }', variables: installationId },
      ] },
  ];
}
