import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { type MapElement, type Widget, pollInterval, widgetTiming } from '@sitelens/domain';
import { errorCodeOf } from '../../../shared/api/errorText.ts';
import { RETAIL_DATA_BATCH } from '../../core/retailData.graphql.ts';
import type { WidgetContext } from '../../core/widgetContext.ts';
import type { MapViewOption } from './mapViewOptions.ts';
import { type ElementValues, elementValues, mapViewRequests } from './mapViewRequests.ts';

export interface MapValuesState {
  status: 'idle' | 'loading' | 'tooWide' | 'error' | 'data';
  values: ElementValues;
}

/** The view's value on each of its elements, uncached, polled like every widget while the range includes now. */
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
  const { data, error } = useQuery(RETAIL_DATA_BATCH, {
    variables: { inputs: requests },
    skip: requests.length === 0,
    fetchPolicy: 'no-cache',
    pollInterval: ctx.preview ? 0 : pollInterval(widget.realTime, timing),
  });
  const values = useMemo(() => elementValues(slots, data?.retailDataBatch ?? []), [slots, data]);
  if (requests.length === 0) return { status: 'idle', values };
  if (error && !data) return { status: errorCodeOf(error) === 'TIME_RANGE_TOO_WIDE' ? 'tooWide' : 'error', values };
  return { status: data ? 'data' : 'loading', values };
}
