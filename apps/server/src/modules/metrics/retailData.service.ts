import { isSortBy, metricDefinition, rankSeries, storedMetric } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { AppError, badInput } from '../../graphql/errors.ts';
import { derivedMetric, derivedRetailData } from './derive/derivedMetrics.ts';
import { evolution } from './derive/evolution.ts';
import { SHARE_AGGREGATIONS, shareOfTotal, topTargets } from './sql/shareAggregations.ts';
import { applyFormula, catalogueDerivation, comfortSeries } from './derive/catalogueDerived.ts';
import { climateCorrectedData } from './derive/climateCorrected.ts';
import { areasOf, siteOf, topZone } from './run/operationLoaders.ts';
import type { InstallationRow } from '../installations/installations.repo.ts';
import type { TargetKind } from '@sitelens/domain';
import { type RetailDataInput, toQuery } from './request/retailRequest.ts';
import { withZoneScope } from './request/zoneScope.ts';
import { requireMetricRight } from './request/metricAccess.ts';
import { chargeRequest, checkBudget } from './run/engineBudget.ts';
import { inEngineTurn, personAsking } from './run/engineTurns.ts';
import { type RetailSeries, runRetailQuery } from './run/runRetailQuery.ts';
import { type RetailAnswer, cachedAnswer } from './cache/cachedAnswer.ts';
import { readVersionsFirst } from './cache/operationVersions.ts';
import { speculatively } from './cache/speculation.ts';

export type { RetailDataInput } from './request/retailRequest.ts';
export type { RetailSeries } from './run/runRetailQuery.ts';

/** Every widget, KPI and export reads through here: stored metrics from readings, derived ones from those. */
export function retailData(ctx: Context, asked: RetailDataInput): Promise<RetailAnswer> {
  return ask(ctx, asked, false);
}

/**
 * One request, in a turn of its own, or `inTurn` when another request asks it inside its turn (an
 * evolution's two periods, a derived metric's inputs): that one's turn and answer hold it.
 */
async function ask(ctx: Context, asked: RetailDataInput, inTurn: boolean): Promise<RetailAnswer> {
  // Counted when asked, before any turn or statement: a call past its bound runs none (engineBudget).
  chargeRequest(ctx);
  // A person's request holds background work back from here (its lookups too) to its answer (engineQueue.ts).
  const answered = inTurn ? undefined : personAsking(ctx);
  try {
    await requireMetricRight(ctx, asked.metric);
    // What a request asks inside its turn is part of its trial, if it is one (speculation.ts).
    if (inTurn) {
      await readVersionsFirst(ctx);
      return await cachedAnswer(ctx, asked, () => answer(ctx, asked), true);
    }
    return await speculatively(ctx, async (c) => {
      await readVersionsFirst(c);
      return cachedAnswer(c, asked, () => inEngineTurn(c, () => answer(c, asked)));
    });
  } finally {
    answered?.();
  }
}

/**
 * A sorted request ranks the whole answer's series, then keeps its top N: "top 3, largest first" is
 * the three largest zones, not the first three by id. groupBy "limit" ranks its own targets.
 */
async function answer(ctx: Context, asked: RetailDataInput): Promise<RetailAnswer> {
  if (!asked.sortBy || asked.groupBy?.type === 'limit') return plainAnswer(ctx, asked);
  if (!isSortBy(asked.sortBy)) throw badInput('sortBy', 'sortBy takes type value and order ASC or DESC');
  const whole = await plainAnswer(ctx, { ...asked, sortBy: null, limit: null });
  const series = rankSeries(whole.metric, whole.series, asked.sortBy.order);
  return { ...whole, series: asked.limit ? series.slice(0, asked.limit) : series };
}

async function plainAnswer(ctx: Context, asked: RetailDataInput): Promise<RetailAnswer> {
  checkBudget(ctx);
  const site = await siteOf(ctx, asked.installationId);
  checkRangeLimit(asked);
  const input = await withZoneScope(ctx, site, asked);
  if (!input) return { metric: asked.metric, unit: metricDefinition(asked.metric)?.unit ?? null, series: [] };
  // What this request asks itself runs in its turn.
  const nested = (plain: RetailDataInput) => ask(ctx, plain, true);
  if (input.groupBy?.aggregation === 'evolution') return evolution(input, nested);
  if (input.groupBy?.aggregation && SHARE_AGGREGATIONS[input.groupBy.aggregation]) return shareOfTotal(input, nested);
  if (input.groupBy?.type === 'limit') return topTargets(input, nested);
  const definition = metricDefinition(input.metric);
  if (definition?.derivation?.formula === 'climateCorrected') return climateCorrectedData(ctx, site, definition, input, nested);
  const derived = derivedMetric(input.metric);
  if (derived) return derivedRetailData(ctx, site, derived, input);
  const fromCatalogue = catalogueDerivation(input.metric);
  if (fromCatalogue?.formula === 'comfortScore') {
    const answers = await Promise.all(fromCatalogue.inputs.map((id) => nested({ ...input, metric: id, limit: null })));
    const series = comfortSeries(answers.map((a) => a.series));
    return { metric: fromCatalogue.id, unit: null, series: input.limit ? series.slice(0, input.limit) : series };
  }
  if (fromCatalogue) {
    // A level score reads the bucket's average, whatever the request aggregates.
    const averaged = fromCatalogue.formula === 'levelScore' ? { ...input.groupBy, type: input.groupBy?.type ?? 'date', aggregation: 'avg' } : input.groupBy;
    const base = await nested({ ...input, metric: fromCatalogue.input, groupBy: averaged, limit: null });
    const areas = await seriesAreas(ctx, site, input, base.series);
    const series = applyFormula(fromCatalogue, base.series, areas, site);
    return { metric: fromCatalogue.id, unit: fromCatalogue.unit, series: input.limit ? series.slice(0, input.limit) : series };
  }
  const metric = storedMetric(input.metric);
  if (!metric) throw badInput('metric', 'unknown metric');
  const series = await runRetailQuery(ctx, await toQuery(ctx, site, metric, input));
  return { metric: metric.id, unit: metric.unit, series: input.limit ? series.slice(0, input.limit) : series };
}

/** Most requests one batch may carry. */
export const MAX_BATCH = 20;

/**
 * The answers in order, each its own promise: GraphQL completes each as it comes (a batch of kept
 * answers is completed one answer per pass of the event loop, not all twenty in one).
 */
export function retailDataBatch(ctx: Context, inputs: RetailDataInput[]) {
  if (inputs.length > MAX_BATCH) throw badInput('inputs', `at most ${MAX_BATCH} requests`);
  return inputs.map((input) => retailData(ctx, input));
}

/** Widgets limited to a span (the 14-day ones) send maxRangeDays; wider dates are refused, not cut. */
function checkRangeLimit(input: RetailDataInput): void {
  if (!input.maxRangeDays) return;
  const dates = (input.filters?.conditions ?? []).filter((c) => c.type === 'date' && c.dateBegin && c.dateEnd);
  if (dates.length === 0) return;
  const span = Math.max(...dates.map((c) => c.dateEnd!.getTime())) - Math.min(...dates.map((c) => c.dateBegin!.getTime()));
  if (span > input.maxRangeDays * 86_400_000) throw new AppError('TIME_RANGE_TOO_WIDE', { maxDays: input.maxRangeDays });
}

/** Area per series key: each target's own when the answer is per target, else the sum over them. */
async function seriesAreas(ctx: Context, site: InstallationRow, input: RetailDataInput, series: RetailSeries[]): Promise<Map<string, number | null>> {
  const kind = (input.target?.kind ?? 'zone') as TargetKind;
  const ids = input.target?.ids ?? [(await topZone(ctx, site.id))?.id].filter((id): id is number => id !== undefined);
  const areas = await areasOf(ctx, kind, ids);
  const known = [...areas.values()];
  const total = known.length > 0 && known.every((a) => a) ? known.reduce<number>((s, a) => s + (a ?? 0), 0) : null;
  return new Map(series.map((s) => [s.key, s.key === 'all' || !areas.has(Number(s.key)) ? total : (areas.get(Number(s.key)) ?? null)]));
}
