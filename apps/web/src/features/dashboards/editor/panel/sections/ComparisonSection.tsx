import { Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type EditorWidget, WIDGET_COMPARISONS, comparisonOf, isWidgetComparison } from '@sitelens/domain';
import { withConfiguration } from '../widgetEdits.ts';
import type { SectionProps } from './sectionProps.ts';

// Literal keys (the catalogue test finds the keys the app uses by their text).
const TEXTS = {
  previousPeriod: { label: 'widgetComparison.options.previousPeriod', hint: 'widgetComparison.hint.previousPeriod' },
  previousYear: { label: 'widgetComparison.options.previousYear', hint: 'widgetComparison.hint.previousYear' },
  none: { label: 'widgetComparison.options.none', hint: 'widgetComparison.hint.none' },
} as const;

/**
 * What the kpis and zones widgets compare each figure with (configuration.comparison): the previous
 * period (left out of the stored JSON, the default), the same period last year, or nothing.
 * A radio group: Tab reaches it, the arrow keys choose.
 */
export function ComparisonSection({ widget, onChange }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('widgetComparison.label')}
      description={t('widgetComparison.description')}
      value={comparisonOf(widget.configuration)}
      onChange={(value) => onChange(withComparison(widget, value))}
      data-testid="comparison-choice"
    >
      <Stack gap="xs" mt="xs">
        {WIDGET_COMPARISONS.map((c) => (
          <Radio key={c} value={c} label={t(TEXTS[c].label)} description={t(TEXTS[c].hint)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The widget compared as chosen; the previous period (the default) is left out of the stored JSON. */
export function withComparison(widget: EditorWidget, value: string): EditorWidget {
  if (!isWidgetComparison(value)) return widget;
  return withConfiguration(widget, { comparison: value === 'previousPeriod' ? undefined : value });
}
