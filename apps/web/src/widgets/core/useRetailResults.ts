import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { type Widget, pollInterval, widgetTiming } from '@sitelens/domain';
import { errorCodeOf } from '../../shared/api/errorText.ts';
import { RETAIL_DATA_BATCH, type RetailResult } from './retailData.graphql.ts';
import { retailRequests } from './retailRequests.ts';
import type { WidgetContext } from './widgetContext.ts';

/** The four states of a widget (spec 001 §4), plus a load error that is not "too wide". */
export type WidgetStatus = 'loading' | 'empty' | 'tooWide' | 'error' | 'data';

export interface RetailResultsState {
  status: WidgetStatus;
  results: RetailResult[];
  live: boolean;
}

const hasValues = (results: RetailResult[]) => results.some((r) => r.series.some((s) => s.points.some((p) => p.value !== null)));

/**
 * The widget's metrics through retailDataBatch, uncached, polled only while the range includes now
 * (every minute for fast and live widgets, every 5 minutes otherwise).
 */
export function useRetailResults(widget: Widget, ctx: WidgetContext): RetailResultsState {
  // The timing is judged when the filters change; polling re-reads the data, not the decision.
  const timing = useMemo(() => widgetTiming(ctx.filters, ctx.site, Date.now()), [ctx.filters, ctx.site]);
  const inputs = useMemo(() => retailRequests(widget, ctx, { dropInside: timing.dropInside }), [widget, ctx, timing.dropInside]);
  const { data, error, loading } = useQuery(RETAIL_DATA_BATCH, {
    variables: { inputs },
    skip: inputs.length === 0,
    fetchPolicy: 'no-cache',
    pollInterval: ctx.preview ? 0 : pollInterval(widget.realTime, timing),
    notifyOnNetworkStatusChange: false,
  });
  const results = data?.retailDataBatch ?? [];
  let status: WidgetStatus;
  if (inputs.length === 0) status = 'empty';
  else if (error && !data) status = errorCodeOf(error) === 'TIME_RANGE_TOO_WIDE' ? 'tooWide' : 'error';
  else if (!data) status = loading ? 'loading' : 'empty';
  else status = hasValues(results) ? 'data' : 'empty';
  return { status, results, live: timing.live };
}
