import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Widget } from '@sitelens/domain';
import { valueText } from './valueText.ts';

/** Formats a widget's values with its hideUnit / isPercentage flags in the user's language. */
export function useValueText(widget: Pick<Widget, 'configuration'>, live: boolean): (metric: string, value: number | null | undefined) => string {
  const { t, i18n } = useTranslation();
  const { hideUnit, isPercentage } = widget.configuration;
  const locale = i18n.language || 'en';
  const occupied = t('dataWidgets.occupancy.occupied');
  const free = t('dataWidgets.occupancy.free');
  return useCallback(
    (metric, value) => valueText(metric, value, { locale, hideUnit, isPercentage, live, occupancyTexts: { occupied, free } }),
    [locale, hideUnit, isPercentage, live, occupied, free],
  );
}
