import { ActionIcon, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WidgetMetric } from '@sitelens/domain';
import { metricName } from '../../../../../widgets/tables/shared/metricName.ts';

interface MetricRowProps {
  metric: WidgetMetric | undefined;
  label: string;
  options: Array<{ value: string; label: string }>;
  onType: (metricId: string) => void;
  onMetric: (next: WidgetMetric) => void;
  /** Absent when the metric cannot be removed (the only one, or a one-metric type). */
  onRemove?: () => void;
  error?: string;
}

/** One metric of the widget: which one, and the name the widget shows for it (its own name by default). */
export function MetricRow({ metric, label, options, onType, onMetric, onRemove, error }: MetricRowProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          label={label}
          data={options}
          value={metric?.type ?? null}
          onChange={(value) => value && onType(value)}
          error={error}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('widgetPanel.fields.noneFound')}
        />
        {metric && onRemove && (
          <ActionIcon variant="subtle" color="red" size="lg" mb={2} aria-label={t('widgetPanel.fields.removeMetric', { name: metricName(t, metric.type) })} onClick={onRemove}>
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        )}
      </Group>
      {metric && (
        <TextInput
          size="xs"
          label={t('widgetPanel.fields.metricLabel')}
          placeholder={metricName(t, metric.type)}
          value={metric.configuration?.label ?? ''}
          maxLength={200}
          onChange={(e) => onMetric({ ...metric, configuration: { ...metric.configuration, label: e.currentTarget.value || undefined } })}
        />
      )}
    </Stack>
  );
}
