import { canReadMetric, gates, metricRight } from '@sitelens/domain';
import type { Context } from '../../../graphql/context.ts';
import { AppError } from '../../../graphql/errors.ts';
import { domainCaller } from '../../access/access.ts';

/**
 * Refuses a metric whose data needs a right the caller lacks (turnover, orders, goods sold and what
 * is computed from them need salesData): FORBIDDEN naming the metric and the right. Work no person
 * asked for over HTTP (an alert's evaluation, an export's job) holds no right and passes: the person
 * was checked when the alert, report or export was asked for.
 */
export async function requireMetricRight(ctx: Context, metric: string): Promise<void> {
  const right = metricRight(metric);
  if (!right || (ctx.caller?.role === 'service' && !ctx.request)) return;
  if (!gates(await domainCaller(ctx))[right]) throw new AppError('FORBIDDEN', { metric, right });
}

/** Which metrics the caller may read, for answers that hold any metric asked for none (live values). */
export async function metricReader(ctx: Context): Promise<(metric: string) => boolean> {
  if (ctx.caller?.role === 'service' && !ctx.request) return () => true;
  const callerGates = gates(await domainCaller(ctx));
  return (metric) => canReadMetric(callerGates, metric);
}
