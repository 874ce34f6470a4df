import type { AppliedFilters } from '@sitelens/domain';

/** At most this many days are offered in the date dropdown (the spec's dayLimit; its value is not given). */
export const HEATMAP_DAY_LIMIT = 31;

const DAY_MS = 86_400_000;

function* daysOf(from: string, to: string): Generator<string> {
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) yield new Date(t).toISOString().slice(0, 10);
}

/** Today's calendar date (YYYY-MM-DD) in the browser's time zone. */
export function browserToday(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The days of the page's timespans that may have a heatmap: up to today, newest first, each day
 * once, at most `limit` of them.
 */
export function heatmapDates(filters: Pick<AppliedFilters, 'timespans'>, today: string, limit = HEATMAP_DAY_LIMIT): string[] {
  const days = new Set<string>();
  for (const range of filters.timespans) {
    const to = range.dateEnd < today ? range.dateEnd : today;
    for (const day of daysOf(range.dateBegin, to)) days.add(day);
  }
  return [...days].sort().reverse().slice(0, limit);
}

/** A date as the heatmap store names it: YYYY_MM_DD (spec 001 §7). */
export const heatmapDateKey = (date: string): string => date.replaceAll('-', '_');

export type HeatmapConfigError = 'urlMissing' | 'wrongConfig' | 'noDates';

/**
 * Why a heatmap cannot be shown at all (spec 001 §5): no zone to build its address from ("Heatmap
 * url is missing!"), no dashboard ("Wrong config!"), no day in the range ("not available").
 */
export function heatmapConfigError(input: { zoneId: number | null; dashboardId: number | undefined; dates: string[] }): HeatmapConfigError | null {
  if (input.zoneId === null) return 'urlMissing';
  if (input.dashboardId === undefined) return 'wrongConfig';
  if (input.dates.length === 0) return 'noDates';
  return null;
}

/** Dashboard 0 holds a zone's own images, shown wherever a dashboard has none of its own (server rule). */
export const SHARED_HEATMAP_DASHBOARD = 0;

/**
 * The dashboard whose images a heatmap shows: the page's dashboard; an installation page has no
 * dashboard in its route and shows the zone's own images. A custom page or a preview without a
 * dashboard has none ("Wrong config!").
 */
export function heatmapDashboardId(ctx: { dashboardId?: number; pageKind: string; preview?: boolean }): number | undefined {
  if (ctx.dashboardId !== undefined) return ctx.dashboardId;
  return ctx.pageKind !== 'custom' && !ctx.preview ? SHARED_HEATMAP_DASHBOARD : undefined;
}
