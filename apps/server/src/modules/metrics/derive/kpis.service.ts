import { type WidgetComparison, businessDayRange, storedInputs } from '@sitelens/domain';
import type { InstallationRow } from '../../installations/installations.repo.ts';
import type { Context } from '../../../graphql/context.ts';
import { badInput } from '../../../graphql/errors.ts';
import { previousPeriod, previousYear } from './evolution.ts';
import { siteOf } from '../run/operationLoaders.ts';
import { type RetailDataInput, retailData } from '../retailData.service.ts';
import { metricsHeldBySite } from '../plan/sources.repo.ts';
import { keptAnswer } from '../cache/cachedAnswer.ts';
import { readVersionsFirst } from '../cache/operationVersions.ts';
import { requireMetricRight } from '../request/metricAccess.ts';
import { chargeRequest } from '../run/engineBudget.ts';

export interface KpiInput {
  installationId: number;
  metrics: string[];
  filters?: RetailDataInput['filters'];
  target?: RetailDataInput['target'];
  /** What previousValue and evolution compare with; absent (or null): the previous equal period. */
  comparison?: WidgetComparison | null;
}

export interface Kpi {
  metric: string;
  unit: string | null;
  value: number | null;
  previousValue: number | null;
  /** Change in percent against the compared period; null without a previous value (or without a comparison). */
  evolution: number | null;
  /** The period is still running: the previous value covers the same elapsed part of its period. */
  soFar: boolean;
  /** Without a value: the stored metrics it is computed from that the site has never measured (why there is none). */
  missingMetrics: string[];
}

/** Most metrics one KPI row may ask (a row shows four cards; a page a few rows). */
const MAX_KPIS = 12;

/** The comparison's cut (today until this time) moves by whole minutes: a kept KPI card is at most one minute behind the clock. */
const CLOCK_STEP_MS = 60_000;

/**
 * One figure per metric over the whole filter, with the compared period (the previous equal one by
 * default, the same dates last year, or none) for the tooltip; through the result cache (issue 33)
 * like retailData: keyed by the request (its comparison included), the data versions, the caller's
 * organizations and rights, and, while the period is still running and compared, the current
 * minute (the compared period is cut at the same elapsed time, which moves without any write).
 */
export async function kpis(ctx: Context, input: KpiInput): Promise<Kpi[]> {
  if (input.metrics.length === 0 || input.metrics.length > MAX_KPIS) throw badInput('metrics', `1 to ${MAX_KPIS} metrics`);
  // Rights first, whether or not the answer is kept: a kept answer is never given without them.
  for (const metric of input.metrics) await requireMetricRight(ctx, metric);
  await readVersionsFirst(ctx);
  const now = ctx.now().getTime();
  const comparison: WidgetComparison = input.comparison ?? 'previousPeriod';
  const hasDates = (input.filters?.conditions ?? []).some((c) => c.type === 'date');
  const compared = hasDates && comparison !== 'none';
  const running = compared && isRunning(input.filters, now);
  const clock = running ? Math.floor(now / CLOCK_STEP_MS) * CLOCK_STEP_MS : null;
  const asked = { ...input, comparison };
  return keptAnswer(ctx, { filters: input.filters, request: { kpis: asked, clock } }, () => figures(ctx, asked, compared ? now : null), {
    // The requests it stands for count against the call's bound, as when computed: two per metric when compared.
    onKept: () => {
      for (let i = 0; i < input.metrics.length * (compared ? 2 : 1); i++) chargeRequest(ctx);
    },
    revive: (json) => JSON.parse(json) as Kpi[],
  });
}

function isRunning(filters: KpiInput['filters'], now: number): boolean {
  return (filters?.conditions ?? []).some((c) => c.type === 'date' && c.dateEnd && c.dateEnd.getTime() > now);
}

/** The figures, computed; `now` null without a comparison (no dates, or none asked). */
async function figures(ctx: Context, input: KpiInput & { comparison: WidgetComparison }, now: number | null): Promise<Kpi[]> {
  // Last year is counted in the site's own calendar (its time zone); the site is checked as retailData checks it.
  const site = now !== null ? await siteOf(ctx, input.installationId) : null;
  const tz = site !== null && input.comparison === 'previousYear' ? site.timezone : null;
  return Promise.all(
    input.metrics.map(async (metric) => {
      const request: RetailDataInput = { installationId: input.installationId, metric, filters: input.filters, target: input.target, groupBy: { type: 'all' } };
      const asked = now !== null ? comparedPeriod(request, now, tz === null ? 'previousPeriod' : { tz }) : null;
      // A compared period across the site's first day holds part of a period at most: no comparison.
      const comparison = asked && site && !straddlesSiteStart(asked.input, site) ? asked : null;
      const [current, previous] = await Promise.all([
        retailData(ctx, request),
        comparison ? retailData(ctx, comparison.input) : Promise.resolve(null),
      ]);
      const value = current.series[0]?.points[0]?.value ?? null;
      const previousValue = previous?.series[0]?.points[0]?.value ?? null;
      const evolution = value !== null && previousValue ? ((value - previousValue) / Math.abs(previousValue)) * 100 : null;
      const missingMetrics = value === null ? await notMeasured(ctx, input.installationId, metric) : [];
      return { metric: current.metric, unit: current.unit, value, previousValue, evolution, soFar: asked?.soFar ?? false, missingMetrics };
    }),
  );
}

/** The stored inputs of a metric that the site has no reading of, ever: a value it cannot have. */
async function notMeasured(ctx: Context, installationId: number, metric: string): Promise<string[]> {
  const inputs = storedInputs(metric);
  const site = await siteOf(ctx, installationId);
  const held = await metricsHeldBySite(ctx.database, site.organizationId, site.id, inputs);
  return inputs.filter((m) => !held.has(m));
}

/**
 * The compared period: the previous equal one, or (`{ tz }`) the same dates 52 weeks earlier in the
 * site's zone; when the asked period has not ended yet (today until now), only its part up to the
 * same elapsed time (yesterday, or that day last year, until this time, to the minute: the cut is
 * the start of the current minute, so that it is the same for every call of that minute and the
 * result cache can keep it), so a morning is never compared with a whole day.
 */
export function comparedPeriod(request: RetailDataInput, now: number, compared: 'previousPeriod' | { tz: string } = 'previousPeriod'): { input: RetailDataInput; soFar: boolean } {
  const { previousInput, back } = compared === 'previousPeriod' ? periodBefore(request) : previousYear(request, compared.tz);
  const conditions = request.filters?.conditions ?? [];
  const soFar = conditions.some((c) => c.type === 'date' && c.dateEnd && c.dateEnd.getTime() > now);
  if (!soFar) return { input: previousInput, soFar };
  const cutoff = back(Math.floor(now / CLOCK_STEP_MS) * CLOCK_STEP_MS);
  const cut = (previousInput.filters?.conditions ?? [])
    .filter((c) => c.type !== 'date' || c.dateBegin!.getTime() < cutoff)
    .map((c) => (c.type === 'date' && c.dateEnd!.getTime() > cutoff ? { ...c, dateEnd: new Date(cutoff) } : c));
  return { input: { ...previousInput, filters: { ...previousInput.filters, conditions: cut } }, soFar };
}

/**
 * Whether a request's dates run across the site's creation date (its first business day): the site
 * has no data before it (spec 001 §8, dates before creation cannot be picked), so such a period holds
 * part of its figure at most (+108 % for two weeks against one week and nothing). A period wholly
 * before it is read as it is: readings loaded for those days are compared, no readings compare nothing.
 */
export function straddlesSiteStart(request: RetailDataInput, site: Pick<InstallationRow, 'creationDate' | 'timezone' | 'changeOfDayTime'>): boolean {
  const [firstDay] = businessDayRange(site.creationDate, site.timezone, site.changeOfDayTime);
  const dates = (request.filters?.conditions ?? []).filter((c) => c.type === 'date' && c.dateBegin && c.dateEnd);
  return dates.some((c) => c.dateBegin!.getTime() < firstDay) && dates.some((c) => c.dateEnd!.getTime() > firstDay);
}

function periodBefore(request: RetailDataInput): { previousInput: RetailDataInput; back: (t: number) => number } {
  const { previousInput, shift } = previousPeriod(request);
  return { previousInput, back: (t) => t - shift };
}
