import { ROLLING_INFLOW_MINUTES, type TargetKind, storedMetric } from '@sitelens/domain';
import { filter, map, pipe } from 'graphql-yoga';
import type { Context } from '../../graphql/context.ts';
import { AppError, badInput } from '../../graphql/errors.ts';
import { requireCaller } from '../access/access.ts';
import type { LiveReading } from '../../live/livePubSub.ts';
import { installationById } from '../installations/installations.service.ts';
import { metricReader, requireMetricRight } from '../metrics/request/metricAccess.ts';
import { type LatestValue, inflowSince, latestValues, siteTargets } from './live.repo.ts';

export interface LiveArgs {
  installationId: number;
  metrics?: string[] | null;
  targetKind?: string | null;
  targetIds?: number[] | null;
}

async function resolveScope(ctx: Context, args: LiveArgs) {
  const site = await installationById(ctx, args.installationId);
  for (const metric of args.metrics ?? []) if (!storedMetric(metric)) throw badInput('metrics', 'unknown metric');
  for (const metric of args.metrics ?? []) await requireMetricRight(ctx, metric);
  // Asked for no metric in particular: every metric the caller may read (no turnover without the sales right).
  const readable = await metricReader(ctx);
  const kind = (args.targetKind ?? null) as TargetKind | null;
  if (kind && !['zone', 'passage', 'device'].includes(kind)) throw badInput('targetKind', 'unknown target kind');
  const targets = await siteTargets(ctx.database, site.id);
  const wanted = new Set(args.targetIds ?? []);
  // A target of another site or organization answers like a missing one.
  const kinds: TargetKind[] = kind ? [kind] : ['zone', 'passage', 'device'];
  for (const id of wanted) if (!kinds.some((k) => targets.has(`${k}:${id}`))) throw new AppError('NOT_FOUND', { field: 'targetIds' });
  const keep = (r: { targetKind: string; targetId: number; metric: string }) =>
    targets.has(`${r.targetKind}:${r.targetId}`) &&
    (!kind || r.targetKind === kind) &&
    (wanted.size === 0 || wanted.has(r.targetId)) &&
    (args.metrics?.length ? args.metrics.includes(r.metric) : readable(r.metric));
  return { site, targets, keep };
}

/** Readings of one installation as they are written, filtered by target and metric. */
export async function subscribeLiveReadings(ctx: Context, args: LiveArgs): Promise<AsyncIterable<LiveReading[]>> {
  // A subscription's subscribe runs before the field's auth scopes: say who is missing, not what.
  requireCaller(ctx);
  const { site, keep } = await resolveScope(ctx, args);
  return pipe(
    ctx.live.subscribe('readings', site.organizationId),
    map((batch: LiveReading[]) => batch.filter(keep)),
    filter((batch: LiveReading[]) => batch.length > 0),
  );
}

/** The latest value of each target and metric (totals only), with the target's name. */
export async function liveValues(ctx: Context, args: LiveArgs): Promise<LatestValue[]> {
  const { site, keep } = await resolveScope(ctx, args);
  const rows = await latestValues(ctx.database, site.organizationId, site.id, args.metrics ?? null, ctx.now());
  return rows.filter(keep);
}

/** People in over the rolling window (15 minutes) through the given targets, or the top zone's. */
export async function liveInflow(ctx: Context, args: LiveArgs): Promise<number> {
  const { site, targets } = await resolveScope(ctx, args);
  const kind = (args.targetKind ?? 'zone') as TargetKind;
  const ids = args.targetIds?.length ? args.targetIds : [...targets.values()].filter((t) => t.kind === kind && t.top).map((t) => t.id);
  const since = new Date(ctx.now().getTime() - ROLLING_INFLOW_MINUTES * 60_000);
  return inflowSince(ctx.database, site.organizationId, kind, ids, since, ctx.now());
}
