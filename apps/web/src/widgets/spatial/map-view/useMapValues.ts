import { useEffect, useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { type MapElement, type Widget, widgetTiming } from '@sitelens/domain';
import { errorCodeOf } from '../../../shared/api/errorText.ts';
import { RETAIL_DATA_BATCH } from '../../core/retailData.graphql.ts';
import { useWidgetRefresh } from '../../core/useWidgetRefresh.ts';
import type { WidgetContext } from '../../core/widgetContext.ts';
import type { MapViewOption } from './mapViewOptions.ts';
import { type ElementValues, elementValues, mapViewRequests } from './mapViewRequests.ts';

export interface MapValuesState {
  status: 'idle' | 'loading' | 'tooWide' | 'error' | 'data';
  values: ElementValues;
}

/** The view's value on each of its elements, uncached, re-read like every widget while the range includes now. */
export function useMapValues(
  widget: Widget,
  ctx: WidgetContext,
  view: MapViewOption | null,
  elements: MapElement[],
  sensorOf: (zoneId: number) => number | null | undefined,
): MapValuesState {
  const timing = useMemo(() => widgetTiming(ctx.filters, ctx.site, Date.now()), [ctx.filters, ctx.site]);
  const { requests, slots } = useMemo(
    () => (view ? mapViewRequests(view, elements, ctx, { ignoredFilters: widget.ignoredFilters, dropInside: timing.dropInside, sensorOf }) : { requests: [], slots: [] }),
    [view, elements, ctx, widget.ignoredFilters, timing.dropInside, sensorOf],
  );
  const { pollMs, refetchRef } = useWidgetRefresh(widget, ctx, timing, requests);
  const { data, error, refetch } = useQuery(RETAIL_DATA_BATCH, {
    variables: { inputs: requests },
    skip: requests.length === 0,
    fetchPolicy: 'no-cache',
    pollInterval: pollMs,
  });
  useEffect(() => {
    refetchRef.current = refetch;
  }, [refetch, refetchRef]);
  const values = useMemo(() => elementValues(slots, data?.retailDataBatch ?? []), [slots, data]);
  if (requests.length === 0) return { status: 'idle', values };
  if (error && !data) return { status: errorCodeOf(error) === 'TIME_RANGE_TOO_WIDE' ? 'tooWide' : 'error', values };
  return { status: data ? 'data' : 'loading', values };
}
