import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { pointsWordKey, type Widget } from '@sitelens/domain';
import { evolutionText, showsEvolution } from '../../core/evolutionText.ts';
import { useValueText } from '../shared/useValueText.ts';

/**
 * A table cell's text: a metric the widget asks the evolution of reads as a change ("+1.5 °C",
 * "+5.0 pts", "+12.50 %"), any other as its value.
 */
export function useCellText(widget: Pick<Widget, 'configuration' | 'metrics'>, live: boolean): (metric: string, value: number | null | undefined) => string {
  const { t, i18n } = useTranslation();
  const valueText = useValueText(widget, live);
  const locale = i18n.language || 'en';
  const { hideUnit } = widget.configuration;
  const { metrics } = widget;
  return useCallback(
    (metric, value) =>
      showsEvolution({ metrics }, metric) ? evolutionText(metric, value, { locale, hideUnit, points: (v) => t(`widgetComparison.${pointsWordKey(metric)}`, { value: v }) }) : valueText(metric, value),
    [metrics, locale, hideUnit, t, valueText],
  );
}
