import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { defaultMetricId, widgetEditorFields } from '@sitelens/domain';
import { removeAt, withMetric, withMetricType } from '../widgetEdits.ts';
import { MetricRow } from './MetricRow.tsx';
import type { SectionProps } from './sectionProps.ts';
import { useMetricOptions } from './useMetricOptions.ts';

/** The metric, or the list of metrics, the widget shows; chosen among the site's metrics. */
export function MetricsSection({ widget, onChange, issue, families }: SectionProps & { families: readonly string[] }) {
  const { t } = useTranslation();
  const several = widgetEditorFields(widget.type).metrics === 'several';
  const options = useMetricOptions(families, widget.metrics.map((m) => m.type));
  const slots = widget.metrics.length ? widget.metrics : [undefined];
  const listError = issue('metrics');
  const add = () => {
    const unused = options.find((o) => !widget.metrics.some((m) => m.type === o.value))?.value ?? defaultMetricId(widget.type, families);
    if (unused) onChange(withMetricType(widget, widget.metrics.length, unused));
  };
  return (
    <Stack gap="sm">
      {slots.map((metric, i) => (
        <MetricRow
          key={i}
          metric={metric}
          label={several ? t('widgetPanel.fields.metricN', { index: i + 1 }) : t('widgetPanel.fields.metric')}
          options={options}
          onType={(id) => onChange(withMetricType(widget, i, id))}
          onMetric={(next) => onChange(withMetric(widget, i, next))}
          onRemove={several && widget.metrics.length > 1 ? () => onChange({ ...widget, metrics: removeAt(widget.metrics, i) }) : undefined}
          error={issue(`metrics.${i}.type`)}
        />
      ))}
      {listError && (
        <Text size="xs" c="red" role="alert">
          {listError}
        </Text>
      )}
      {several && widget.metrics.length < 20 && (
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={add} style={{ alignSelf: 'flex-start' }}>
          {t('widgetPanel.fields.addMetric')}
        </Button>
      )}
    </Stack>
  );
}
