import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { REALTIME_POLL_MS, type Widget, pollInterval, widgetTiming } from '@sitelens/domain';
import { errorCodeOf } from '../../../shared/api/errorText.ts';
import { retailRequests } from '../../core/retailRequests.ts';
import type { WidgetStatus } from '../../core/useRetailResults.ts';
import type { WidgetContext } from '../../core/widgetContext.ts';
import { type KpiCardModel, kpiCards, showsLiveReading } from './kpiCards.ts';
import { kpiInputs, kpiOf, kpisDocument, kpisVariables } from './kpiQuery.ts';
import { LIVE_SCOPE, LIVE_VALUES } from './kpis.graphql.ts';
import { liveTargetFilter } from './liveTargets.ts';

/**
 * A KPI widget's cards: the period's figures from the kpis query (polled while the range includes
 * now), and when the page is live the latest readings of level metrics, refreshed every minute.
 */
export function useKpis(widget: Widget, ctx: WidgetContext): { status: WidgetStatus; cards: KpiCardModel[]; live: boolean } {
  const timing = useMemo(() => widgetTiming(ctx.filters, ctx.site, Date.now()), [ctx.filters, ctx.site]);
  const metrics = useMemo(() => widget.metrics.filter((m) => !(timing.dropInside && m.type === 'inside')), [widget.metrics, timing.dropInside]);
  const requests = useMemo(() => retailRequests(widget, ctx, { dropInside: timing.dropInside }), [widget, ctx, timing.dropInside]);
  const { inputs, slots } = useMemo(() => kpiInputs(requests), [requests]);
  const document = useMemo(() => kpisDocument(inputs.length), [inputs.length]);
  const figures = useQuery(document, {
    variables: kpisVariables(inputs),
    skip: inputs.length === 0,
    fetchPolicy: 'no-cache',
    pollInterval: ctx.preview ? 0 : pollInterval(widget.realTime, timing),
    notifyOnNetworkStatusChange: false,
  });

  const liveMetrics = useMemo(() => [...new Set(metrics.map((m) => m.type).filter(showsLiveReading))], [metrics]);
  const wantLive = timing.live && liveMetrics.length > 0;
  const installationId = ctx.site.id;
  const scope = useQuery(LIVE_SCOPE, { variables: { installationId }, skip: !wantLive });
  const live = useQuery(LIVE_VALUES, {
    variables: { installationId, metrics: liveMetrics },
    skip: !wantLive,
    fetchPolicy: 'no-cache',
    pollInterval: ctx.preview ? 0 : REALTIME_POLL_MS.fast,
    notifyOnNetworkStatusChange: false,
  });

  const cards = useMemo(() => {
    const zones = scope.data?.zonesByInstallation ?? [];
    const devices = scope.data?.devicesAtmosphereByInstallation ?? [];
    const readings = live.data?.liveValues ?? [];
    const liveValues = wantLive && scope.data ? requests.map((r) => readings.filter(liveTargetFilter(r.target, zones, devices))) : [];
    return kpiCards({ metrics, figures: slots.map((slot) => kpiOf(figures.data, slot)), liveValues, live: wantLive });
  }, [metrics, slots, figures.data, live.data, scope.data, requests, wantLive]);

  let status: WidgetStatus;
  if (inputs.length === 0) status = 'empty';
  else if (figures.error && !figures.data) status = errorCodeOf(figures.error) === 'TIME_RANGE_TOO_WIDE' ? 'tooWide' : 'error';
  else if (!figures.data || (wantLive && !live.data && !live.error && live.loading)) status = 'loading';
  else status = cards.some((c) => c.value !== null) ? 'data' : 'empty';
  return { status, cards, live: timing.live };
}
