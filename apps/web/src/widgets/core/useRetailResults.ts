import { useEffect, useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { type Widget, widgetTiming } from '@sitelens/domain';
import { errorCodeOf } from '../../shared/api/errorText.ts';
import { RETAIL_DATA_BATCH, type RetailResult } from './retailData.graphql.ts';
import { retailRequests } from './retailRequests.ts';
import { useWidgetRefresh } from './useWidgetRefresh.ts';
import type { WidgetContext } from './widgetContext.ts';

/** The four states of a widget (spec 001 §4), plus a load error that is not "too wide". */
/** 'forbidden': the server refused the caller's right to the data (FORBIDDEN), not a failure to load it. */
/** 'refused': the server cannot answer what the widget asks (BAD_USER_INPUT: its metric, grouping or bucket), whatever the connection. */
export type WidgetStatus = 'loading' | 'empty' | 'tooWide' | 'error' | 'forbidden' | 'refused' | 'data';

export interface RetailResultsState {
  status: WidgetStatus;
  results: RetailResult[];
  live: boolean;
}

const hasValues = (results: RetailResult[]) => results.some((r) => r.series.some((s) => s.points.some((p) => p.value !== null)));

/**
 * The widget's metrics through retailDataBatch, uncached, refreshed only while the range includes
 * now: a live widget when the server pushes readings, others (and a live one whose stream is down)
 * polled every minute (fast, live) or every 5 minutes.
 */
export function useRetailResults(widget: Widget, ctx: WidgetContext): RetailResultsState {
  // The timing is judged when the filters change; polling re-reads the data, not the decision.
  const timing = useMemo(() => widgetTiming(ctx.filters, ctx.site, Date.now()), [ctx.filters, ctx.site]);
  const inputs = useMemo(() => retailRequests(widget, ctx, { dropInside: timing.dropInside }), [widget, ctx, timing.dropInside]);
  const { pollMs, refetchRef } = useWidgetRefresh(widget, ctx, timing, inputs);
  const { data, error, loading, refetch } = useQuery(RETAIL_DATA_BATCH, {
    variables: { inputs },
    skip: inputs.length === 0,
    fetchPolicy: 'no-cache',
    pollInterval: pollMs,
    notifyOnNetworkStatusChange: false,
  });
  useEffect(() => {
    refetchRef.current = refetch;
  }, [refetch, refetchRef]);
  const results = data?.retailDataBatch ?? [];
  let status: WidgetStatus;
  if (inputs.length === 0) status = 'empty';
  else if (error && !data) status = widgetErrorStatus(errorCodeOf(error));
  else if (!data) status = loading ? 'loading' : 'empty';
  else status = hasValues(results) ? 'data' : 'empty';
  return { status, results, live: timing.live };
}

/** The status a failed widget request shows: too wide a range, a request the server cannot answer, or a failure to load. */
export function widgetErrorStatus(code: string | null | undefined): WidgetStatus {
  if (code === 'TIME_RANGE_TOO_WIDE') return 'tooWide';
  if (code === 'BAD_USER_INPUT') return 'refused';
  return 'error';
}
