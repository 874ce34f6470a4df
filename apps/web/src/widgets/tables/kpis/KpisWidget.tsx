import { useTranslation } from 'react-i18next';
import { useCallback, useMemo } from 'react';
import { SimpleGrid } from '@mantine/core';
import { type Widget, alertTimeLabel, outOfScale } from '@sitelens/domain';
import { metricUnit } from '@sitelens/domain';
import type { WidgetContext } from '../../core/widgetContext.ts';
import { WidgetFrame, type WidgetExports } from '../../core/WidgetFrame.tsx';
import { useDisplayPrefs } from '../shared/useDisplayPrefs.ts';
import { useValueText } from '../shared/useValueText.ts';
import { KpiCard } from './KpiCard.tsx';
import { csvChange, kpiCardColumns, kpiRows } from './kpiCards.ts';
import { useKpis } from './useKpis.ts';
import { sheetValue } from '../../core/exportSheet.ts';
import { metricName } from '../shared/metricName.ts';
import { CARD_GAP } from '../shared/cardColumns.ts';

const CARD_ROW_HEIGHT = 140;
/** KPI cards, up to four per row (spec 001 §3, §9), in the shared wrapper. */
export function KpisWidget({ widget, context }: { widget: Widget; context: WidgetContext }) {
  const { t } = useTranslation();
  const { status, cards, live } = useKpis(widget, context);
  const prefs = useDisplayPrefs(context.site.timezone);
  const figureText = useValueText(widget, live);
  // A score reads against its scale on a card ("4 / 5"), unless the widget shows shares in percent.
  const { isPercentage } = widget.configuration;
  const valueText = useCallback(
    (metric: string, value: number | null | undefined) => (isPercentage ? figureText(metric, value) : outOfScale(metric, figureText(metric, value), prefs.locale)),
    [figureText, isPercentage, prefs.locale],
  );
  const timeText = useCallback((ts: number) => alertTimeLabel(ts, { now: Date.now(), tz: prefs.tz, dateFormat: prefs.dateFormat }), [prefs]);
  const rows = kpiRows(cards);
  const exports = useMemo<WidgetExports>(
    () => ({
      csv: () => [
        [t('widgetFrame.csv.metric'), t('widgetFrame.csv.value'), t('widgetFrame.csv.previous'), t('widgetFrame.csv.evolution'), t('widgetFrame.csv.unit')],
        ...cards.map((c) => [c.label ?? metricName(t, c.metric), sheetValue(c.metric, c.value), sheetValue(c.metric, c.previousValue), csvChange(c.metric, c.evolution), metricUnit(c.metric) ?? '']),
      ],
    }),
    [cards, t],
  );
  return (
    <WidgetFrame widget={widget} status={status} skeleton="kpi" height={Math.max(1, rows.length) * CARD_ROW_HEIGHT} exports={exports} preview={context.preview}>
      <SimpleGrid type="container" cols={kpiCardColumns} spacing={CARD_GAP} data-testid="kpi-list">
        {cards.map((card, c) => (
          <KpiCard key={`${card.metric}-${c}`} card={card} valueText={valueText} locale={prefs.locale} timeText={timeText} />
        ))}
      </SimpleGrid>
    </WidgetFrame>
  );
}
