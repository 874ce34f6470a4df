import { useCallback, useMemo } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { KPI_PER_ROW, type Widget, alertTimeLabel } from '@sitelens/domain';
import type { WidgetContext } from '../../core/widgetContext.ts';
import { WidgetFrame, type WidgetExports } from '../../core/WidgetFrame.tsx';
import { useDisplayPrefs } from '../shared/useDisplayPrefs.ts';
import { useValueText } from '../shared/useValueText.ts';
import { KpiCard } from './KpiCard.tsx';
import { kpiRows } from './kpiCards.ts';
import { useKpis } from './useKpis.ts';

const CARD_ROW_HEIGHT = 140;

/** KPI cards, four per row (spec 001 §3, §9), in the shared wrapper. */
export function KpisWidget({ widget, context }: { widget: Widget; context: WidgetContext }) {
  const { status, cards, live } = useKpis(widget, context);
  const prefs = useDisplayPrefs(context.site.timezone);
  const valueText = useValueText(widget, live);
  const timeText = useCallback((ts: number) => alertTimeLabel(ts, { now: Date.now(), tz: prefs.tz, dateFormat: prefs.dateFormat }), [prefs]);
  const rows = kpiRows(cards);
  const exports = useMemo<WidgetExports>(
    () => ({ csv: () => [['metric', 'value', 'previousValue', 'evolution'], ...cards.map((c) => [c.metric, c.value, c.previousValue, c.evolution])] }),
    [cards],
  );
  return (
    <WidgetFrame widget={widget} status={status} skeleton="kpi" height={Math.max(1, rows.length) * CARD_ROW_HEIGHT} exports={exports} preview={context.preview}>
      <Stack gap="sm">
        {rows.map((row, r) => (
          <SimpleGrid key={r} cols={KPI_PER_ROW} spacing="sm">
            {row.map((card, c) => (
              <KpiCard key={`${card.metric}-${c}`} card={card} valueText={valueText} locale={prefs.locale} timeText={timeText} />
            ))}
          </SimpleGrid>
        ))}
      </Stack>
    </WidgetFrame>
  );
}
