import type { Context } from '../../graphql/context.ts';
import { badInput } from '../../graphql/errors.ts';
import { previousPeriod } from './evolution.ts';
import { type RetailDataInput, retailData } from './retailData.service.ts';

export interface KpiInput {
  installationId: number;
  metrics: string[];
  filters?: RetailDataInput['filters'];
  target?: RetailDataInput['target'];
}

export interface Kpi {
  metric: string;
  unit: string | null;
  value: number | null;
  previousValue: number | null;
  /** Change in percent against the previous equal period; null without a previous value. */
  evolution: number | null;
}

/** Most metrics one KPI row may ask (a row shows four cards; a page a few rows). */
const MAX_KPIS = 12;

/** One figure per metric over the whole filter, with the previous equal period for the tooltip. */
export async function kpis(ctx: Context, input: KpiInput): Promise<Kpi[]> {
  if (input.metrics.length === 0 || input.metrics.length > MAX_KPIS) throw badInput('metrics', `1 to ${MAX_KPIS} metrics`);
  return Promise.all(
    input.metrics.map(async (metric) => {
      const request: RetailDataInput = { installationId: input.installationId, metric, filters: input.filters, target: input.target, groupBy: { type: 'all' } };
      const hasDates = (input.filters?.conditions ?? []).some((c) => c.type === 'date');
      const [current, previous] = await Promise.all([
        retailData(ctx, request),
        hasDates ? retailData(ctx, previousPeriod(request).previousInput) : Promise.resolve(null),
      ]);
      const value = current.series[0]?.points[0]?.value ?? null;
      const previousValue = previous?.series[0]?.points[0]?.value ?? null;
      const evolution = value !== null && previousValue ? ((value - previousValue) / Math.abs(previousValue)) * 100 : null;
      return { metric: current.metric, unit: current.unit, value, previousValue, evolution };
    }),
  );
}
