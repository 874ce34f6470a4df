import { storedMetric } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { badInput } from '../../graphql/errors.ts';
import { installationById } from '../installations/installations.service.ts';
import { derivedMetric, derivedRetailData } from './derivedMetrics.ts';
import { type RetailDataInput, toQuery } from './retailRequest.ts';
import { type RetailSeries, runRetailQuery } from './runRetailQuery.ts';

export type { RetailDataInput } from './retailRequest.ts';
export type { RetailSeries } from './runRetailQuery.ts';

/** Every widget, KPI and export reads through here: stored metrics from readings, derived ones from those. */
export async function retailData(ctx: Context, input: RetailDataInput): Promise<{ metric: string; unit: string | null; series: RetailSeries[] }> {
  const site = await installationById(ctx, input.installationId);
  const derived = derivedMetric(input.metric);
  if (derived) return derivedRetailData(ctx, site, derived, input);
  const metric = storedMetric(input.metric);
  if (!metric) throw badInput('metric', 'unknown metric');
  const series = await runRetailQuery(ctx, await toQuery(ctx, site, metric, input));
  return { metric: metric.id, unit: metric.unit, series: input.limit ? series.slice(0, input.limit) : series };
}
