import { useEffect, useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { REALTIME_POLL_MS, type Widget, widgetTiming } from '@sitelens/domain';
import { errorCodeOf } from '../../../shared/api/errorText.ts';
import { retailRequests } from '../../core/retailRequests.ts';
import type { WidgetStatus } from '../../core/useRetailResults.ts';
import type { WidgetContext } from '../../core/widgetContext.ts';
import { type KpiCardModel, kpiCards, showsLiveReading } from './kpiCards.ts';
import { kpiOf } from './kpiQuery.ts';
import { LIVE_SCOPE, LIVE_VALUES } from './kpis.graphql.ts';
import { liveTargetFilter } from './liveTargets.ts';
import { useKpiFigures } from './useKpiFigures.ts';
import { widgetErrorStatus } from '../../core/useRetailResults.ts';

/**
 * A KPI widget's cards: the period's figures from the kpis query (re-read while the range includes
 * now: on pushed readings in live mode, else polled), and when the page is live the latest readings
 * of level metrics, re-read with them.
 */
export function useKpis(widget: Widget, ctx: WidgetContext): { status: WidgetStatus; cards: KpiCardModel[]; live: boolean } {
  const timing = useMemo(() => widgetTiming(ctx.filters, ctx.site, Date.now()), [ctx.filters, ctx.site]);
  const metrics = useMemo(() => widget.metrics.filter((m) => !(timing.dropInside && m.type === 'inside')), [widget.metrics, timing.dropInside]);
  const requests = useMemo(() => retailRequests(widget, ctx, { dropInside: timing.dropInside }), [widget, ctx, timing.dropInside]);
  const { inputs, slots, figures, pollMs, refetchRef, comparison } = useKpiFigures(widget, ctx, timing, requests);

  const liveMetrics = useMemo(() => [...new Set(metrics.map((m) => m.type).filter(showsLiveReading))], [metrics]);
  const wantLive = timing.live && liveMetrics.length > 0;
  const installationId = ctx.site.id;
  const scope = useQuery(LIVE_SCOPE, { variables: { installationId }, skip: !wantLive });
  const live = useQuery(LIVE_VALUES, {
    variables: { installationId, metrics: liveMetrics },
    skip: !wantLive,
    fetchPolicy: 'no-cache',
    pollInterval: ctx.preview || (pollMs === 0 && widget.realTime === 'live') ? 0 : REALTIME_POLL_MS.fast,
    notifyOnNetworkStatusChange: false,
  });

  const { refetch: refetchFigures } = figures;
  const { refetch: refetchLive } = live;
  useEffect(() => {
    refetchRef.current = () => Promise.all([refetchFigures(), wantLive ? refetchLive() : null]);
  }, [refetchRef, refetchFigures, refetchLive, wantLive]);

  const cards = useMemo(() => {
    const zones = scope.data?.zonesByInstallation ?? [];
    const devices = scope.data?.devicesAtmosphereByInstallation ?? [];
    const readings = live.data?.liveValues ?? [];
    const liveValues = wantLive && scope.data ? requests.map((r) => readings.filter(liveTargetFilter(r.target, zones, devices))) : [];
    return kpiCards({ metrics, figures: slots.map((slot) => kpiOf(figures.data, slot)), liveValues, live: wantLive, comparison });
  }, [metrics, slots, figures.data, live.data, scope.data, requests, wantLive, comparison]);

  let status: WidgetStatus;
  if (inputs.length === 0) status = 'empty';
  else if (figures.error && !figures.data) status = widgetErrorStatus(errorCodeOf(figures.error));
  else if (!figures.data || (wantLive && !live.data && !live.error && live.loading)) status = 'loading';
  else status = cards.some((c) => c.value !== null) ? 'data' : 'empty';
  return { status, cards, live: timing.live };
}
