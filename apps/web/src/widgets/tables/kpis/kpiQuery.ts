import type { TypedDocumentNode } from '@apollo/client';
import { Kind, parse } from 'graphql';
import type { WidgetComparison } from '@sitelens/domain';
import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';
import type { RetailRequest } from '../../core/retailRequests.ts';

/** One kpis input as the widget builds it; kpisVariables checks it against KpiInput of schema.graphql. */
export interface KpiInput {
  installationId: number;
  metrics: string[];
  filters?: RetailRequest['filters'];
  target?: RetailRequest['target'];
  comparison: KpiComparison;
}

/** The kpis input's comparison (the KpiComparison enum) for a widget's configuration.comparison. */
export type KpiComparison = 'PREVIOUS_PERIOD' | 'PREVIOUS_YEAR' | 'NONE';
const KPI_COMPARISON: Record<WidgetComparison, KpiComparison> = { previousPeriod: 'PREVIOUS_PERIOD', previousYear: 'PREVIOUS_YEAR', none: 'NONE' };

/** The server answers at most 12 metrics per kpis input. */
export const MAX_METRICS_PER_INPUT = 12;

/** One figure of the kpis query: every alias of the widget's query selects these. */
const KPI_FIGURES = graphql(`
  fragment KpiFigures on Kpi {
    metric
    unit
    value
    previousValue
    evolution
    soFar
    missingMetrics
  }
`);

export type Kpi = ResultOf<typeof KPI_FIGURES>;

/** Where one request's figure is answered: under alias k{input}, as that metric. */
export interface KpiSlot {
  input: number;
  metric: string;
}

/**
 * The kpis inputs for a widget's requests: metrics that share their filters and target go in one
 * input (the usual case: one input for the whole row of cards), in the order they first appear,
 * each compared as the widget asks. `slots[i]` tells where the figure of `requests[i]` comes back.
 */
export function kpiInputs(requests: readonly RetailRequest[], comparison: WidgetComparison = 'previousPeriod'): { inputs: KpiInput[]; slots: KpiSlot[] } {
  const inputs: KpiInput[] = [];
  const keys: string[] = [];
  const slots = requests.map((r) => {
    const key = groupKey(r);
    // The same metric twice (say with two gender filters) needs a second input.
    let index = keys.findIndex((k, i) => k === key && inputs[i]!.metrics.length < MAX_METRICS_PER_INPUT && !inputs[i]!.metrics.includes(r.metric));
    if (index < 0) {
      index = inputs.length;
      const input: KpiInput = { installationId: r.installationId, metrics: [], filters: r.filters, comparison: KPI_COMPARISON[comparison] };
      if (r.target) input.target = r.target;
      inputs.push(input);
      keys.push(key);
    }
    inputs[index]!.metrics.push(r.metric);
    return { input: index, metric: r.metric };
  });
  return { inputs, slots };
}

const groupKey = (r: RetailRequest) => JSON.stringify([r.installationId, r.filters, r.target ?? null]);

export type KpisVariables = Record<string, KpiInput>;
export type KpisAnswer = Record<string, Kpi[]>;

/**
 * One query asking every input under an alias (k0, k1 ...): one round trip for the widget. The number
 * of aliases is known only at run time, so gql.tada cannot type the query itself; its figures are KpiFigures.
 */
export function kpisDocument(count: number): TypedDocumentNode<KpisAnswer, KpisVariables> {
  const indexes = Array.from({ length: Math.max(1, count) }, (_, i) => i);
  const variables = indexes.map((i) => `$i${i}: KpiInput!`).join(', ');
  const fields = indexes.map((i) => `k${i}: kpis(input: $i${i}) { ...KpiFigures }`).join('\n    ');
  const query = parse(`query WidgetKpis(${variables}) {\n    ${fields}\n  }`);
  return { kind: Kind.DOCUMENT, definitions: [...query.definitions, ...KPI_FIGURES.definitions] };
}

export const kpisVariables = (inputs: readonly KpiInput[]): KpisVariables =>
  Object.fromEntries(inputs.map((input, i) => [`i${i}`, graphql.scalar('KpiInput', input)]));

/** The figure a slot points at, or undefined while it has not been answered. */
export function kpiOf(answer: KpisAnswer | undefined, slot: KpiSlot): Kpi | undefined {
  return answer?.[`k${slot.input}`]?.find((k) => k.metric === slot.metric);
}
