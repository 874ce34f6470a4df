import { useEffect, useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KPI_PER_ROW, type Widget, figureChange, widgetTiming } from '@sitelens/domain';
import { errorCodeOf } from '../../../shared/api/errorText.ts';
import type { WidgetStatus } from '../../core/useRetailResults.ts';
import type { WidgetContext } from '../../core/widgetContext.ts';
import { WidgetFrame } from '../../core/WidgetFrame.tsx';
import { columnHeader, sheetValue } from '../../core/exportSheet.ts';
import { ChangeSentence } from '../kpis/ChangeSentence.tsx';
import { evolutionKey } from '../kpis/comparisonText.ts';
import { kpiOf } from '../kpis/kpiQuery.ts';
import { useKpiFigures } from '../kpis/useKpiFigures.ts';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';
import { metricName } from '../shared/metricName.ts';
import { useValueText } from '../shared/useValueText.ts';
import { SITE_ZONES } from '../../../shared/api/siteZones.ts';
import { defaultZoneMetric, orderZones, zoneRequests, zonesWithin } from './zoneFigures.ts';
import { CARD_GAP } from '../shared/cardColumns.ts';
import { cardRows, zoneCardColumns } from './zoneCardLayout.ts';
import { ZoneCard } from './ZoneCard.tsx';
import { widgetErrorStatus } from '../../core/useRetailResults.ts';

/**
 * The site's zones, each with its figure over the page's period (today by default) and its change
 * against the comparison the widget asks, re-read while it includes now (on pushed readings in live mode).
 */
export function ZonesWidget({ widget, context }: { widget: Widget; context: WidgetContext }) {
  const { t, i18n } = useTranslation();
  const installationId = context.site.id;
  const zonesQuery = useQuery(SITE_ZONES, { variables: { installationId } });
  // Each card reads its own zone: the page's zone filter chooses which zones are listed.
  const scopeZone = widget.ignoredFilters.includes('zone') || (widget.category === 'specific' && widget.zoneIds.length) ? null : context.filters.zoneId;
  const zones = useMemo(
    () => orderZones(zonesWithin(zonesQuery.data?.zonesByInstallation ?? [], scopeZone), widget.zoneIds),
    [zonesQuery.data, widget.zoneIds, scopeZone],
  );
  const metric = widget.metrics[0];
  const metricId = metric?.type ?? defaultZoneMetric(context.pageKind);
  const timing = useMemo(() => widgetTiming(context.filters, context.site, Date.now()), [context.filters, context.site]);
  const requests = useMemo(
    () => zoneRequests(zones, metricId, metric?.filters?.conditions ?? [], context, widget.ignoredFilters),
    [zones, metricId, metric, context, widget.ignoredFilters],
  );
  const { inputs, slots, figures, refetchRef, comparison } = useKpiFigures(widget, context, timing, requests);
  const { refetch } = figures;
  useEffect(() => {
    refetchRef.current = refetch;
  }, [refetch, refetchRef]);
  const valueText = useValueText(widget, timing.live);
  const parentName = (ids: number[]) => zones.find((z) => ids.includes(z.id))?.name;
  const cards = zones.map((zone, i) => {
    const figure = kpiOf(figures.data, slots[i]!);
    const sentenceKey = evolutionKey(comparison, figure?.soFar ?? false);
    const change = sentenceKey ? figureChange(metricId, figure?.value, figure?.previousValue, figure?.evolution) : null;
    return { zone, figure, parent: parentName(zone.parentIds), sentenceKey, change };
  });
  const rows = cardRows(cards.map((c) => ({ change: c.change !== null && Boolean(c.sentenceKey) })));
  const error = zonesQuery.error ?? figures.error;

  let status: WidgetStatus;
  if (error && !figures.data) status = widgetErrorStatus(errorCodeOf(error));
  else if (!zonesQuery.data || (inputs.length > 0 && !figures.data)) status = 'loading';
  else status = zones.length ? 'data' : 'empty';
  // The skeleton's height: four cards to a row, as on a full-width widget.
  const skeletonRows = Math.max(1, Math.ceil(zones.length / KPI_PER_ROW));
  const exports = useMemo(
    () => ({
      csv: () => [
        [t('widgetFrame.csv.zone'), columnHeader(metricName(t, metricId), metricId, null), columnHeader(t('widgetFrame.csv.previous'), metricId, null)],
        ...cards.map((c) => [c.zone.name, sheetValue(metricId, c.figure?.value), sheetValue(metricId, c.figure?.previousValue)]),
      ],
    }),
    [cards, metricId, t],
  );

  return (
    <WidgetFrame widget={widget} status={status} skeleton="kpi" height={skeletonRows * 110} exports={exports} preview={context.preview}>
      <Text size="sm" c="dimmed" mb="xs">
        {metric?.configuration?.label || metricName(t, metricId)}
      </Text>
      <SimpleGrid type="container" cols={zoneCardColumns} spacing={CARD_GAP} data-testid="zone-list">
        {cards.map(({ zone, parent, change, sentenceKey, figure }) => (
          <ZoneCard
            key={zone.id}
            name={zone.name}
            disabled={zone.isDisabled}
            parent={parent}
            rows={rows}
            value={<LtrValue>{valueText(metricId, figure?.value ?? null)}</LtrValue>}
            change={
              change !== null && sentenceKey ? (
                <ChangeSentence metric={metricId} change={change} sentenceKey={sentenceKey} locale={i18n.language || 'en'} />
              ) : undefined
            }
          />
        ))}
      </SimpleGrid>
    </WidgetFrame>
  );
}
