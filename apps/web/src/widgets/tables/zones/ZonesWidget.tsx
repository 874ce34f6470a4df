import { useEffect, useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KPI_PER_ROW, type Widget, figureChange, figureChangeNumber, widgetTiming } from '@sitelens/domain';
import { errorCodeOf } from '../../../shared/api/errorText.ts';
import type { WidgetStatus } from '../../core/useRetailResults.ts';
import type { WidgetContext } from '../../core/widgetContext.ts';
import { WidgetFrame } from '../../core/WidgetFrame.tsx';
import { columnHeader, sheetValue } from '../../core/exportSheet.ts';
import { evolutionKey } from '../kpis/comparisonText.ts';
import { kpiOf } from '../kpis/kpiQuery.ts';
import { useKpiFigures } from '../kpis/useKpiFigures.ts';
import { LtrSentence } from '../../../shared/bidi/LtrSentence.tsx';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';
import { metricName } from '../shared/metricName.ts';
import { useValueText } from '../shared/useValueText.ts';
import { SITE_ZONES } from '../../../shared/api/siteZones.ts';
import { defaultZoneMetric, orderZones, zoneRequests, zonesWithin } from './zoneFigures.ts';
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
  const cards = zones.map((zone, i) => ({ zone, figure: kpiOf(figures.data, slots[i]!) }));
  const error = zonesQuery.error ?? figures.error;

  let status: WidgetStatus;
  if (error && !figures.data) status = widgetErrorStatus(errorCodeOf(error));
  else if (!zonesQuery.data || (inputs.length > 0 && !figures.data)) status = 'loading';
  else status = zones.length ? 'data' : 'empty';
  const rows = Math.max(1, Math.ceil(zones.length / KPI_PER_ROW));
  const parentName = (ids: number[]) => zones.find((z) => ids.includes(z.id))?.name;
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
    <WidgetFrame widget={widget} status={status} skeleton="kpi" height={rows * 110} exports={exports} preview={context.preview}>
      <Text size="sm" c="dimmed" mb="xs">
        {metric?.configuration?.label || metricName(t, metricId)}
      </Text>
      <SimpleGrid cols={KPI_PER_ROW} spacing="sm" data-testid="zone-list">
        {cards.map(({ zone, figure }) => {
          const parent = parentName(zone.parentIds);
          const sentenceKey = evolutionKey(comparison, figure?.soFar ?? false);
          const change = sentenceKey ? figureChange(metricId, figure?.value, figure?.previousValue, figure?.evolution) : null;
          return (
            <Paper key={zone.id} withBorder radius="md" p="sm" data-testid="zone-card" opacity={zone.isDisabled ? 0.7 : 1}>
              <Stack gap={4}>
                <Group gap={6} wrap="nowrap" justify="space-between">
                  <Text fw={600} size="sm" lineClamp={1} title={zone.name}>
                    {zone.name}
                  </Text>
                  {zone.isDisabled && (
                    <Badge size="xs" color="gray" variant="light">
                      {t('dataWidgets.zones.disabled')}
                    </Badge>
                  )}
                </Group>
                {parent && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {t('dataWidgets.zones.in', { name: parent })}
                  </Text>
                )}
                <Text fz={22} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="zone-value">
                  <LtrValue>{valueText(metricId, figure?.value ?? null)}</LtrValue>
                </Text>
                {change !== null && sentenceKey && (
                  <Text size="xs" c="dimmed" data-testid="zone-evolution">
                    <LtrSentence
                      sentence={(value) => t(sentenceKey, { value: change.inPoints ? t('widgetComparison.points', { value }) : value })}
                      value={figureChangeNumber(metricId, change, i18n.language || 'en')}
                    />
                  </Text>
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </WidgetFrame>
  );
}
