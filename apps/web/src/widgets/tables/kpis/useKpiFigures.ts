import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { type Widget, type WidgetTiming, comparisonOf } from '@sitelens/domain';
import type { RetailRequest } from '../../core/retailRequests.ts';
import { useWidgetRefresh } from '../../core/useWidgetRefresh.ts';
import type { WidgetContext } from '../../core/widgetContext.ts';
import { kpiInputs, kpisDocument, kpisVariables } from './kpiQuery.ts';

/**
 * One figure per request from the kpis query (KPI cards, zones), compared as the widget's
 * configuration.comparison asks, uncached and kept current as every widget is (useWidgetRefresh):
 * point `refetchRef` at the re-read once the queries exist.
 */
export function useKpiFigures(widget: Widget, ctx: WidgetContext, timing: WidgetTiming, requests: readonly RetailRequest[]) {
  const comparison = comparisonOf(widget.configuration);
  const { inputs, slots } = useMemo(() => kpiInputs(requests, comparison), [requests, comparison]);
  const document = useMemo(() => kpisDocument(inputs.length), [inputs.length]);
  const { pollMs, refetchRef } = useWidgetRefresh(widget, ctx, timing, requests);
  const figures = useQuery(document, {
    variables: kpisVariables(inputs),
    skip: inputs.length === 0,
    fetchPolicy: 'no-cache',
    pollInterval: pollMs,
    notifyOnNetworkStatusChange: false,
  });
  return { inputs, slots, figures, pollMs, refetchRef, comparison };
}
