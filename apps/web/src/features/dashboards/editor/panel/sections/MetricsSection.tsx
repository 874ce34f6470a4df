import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { defaultMetricId, widgetEditorFields } from '@sitelens/domain';
import { metricName } from '../../../../../widgets/tables/shared/metricName.ts';
import { removeAt, withMetricType } from '../widgetEdits.ts';
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
    <Stack gap="xs">
      {slots.map((metric, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
          <Select
            style={{ flex: 1 }}
            label={several ? t('widgetPanel.fields.metricN', { index: i + 1 }) : t('widgetPanel.fields.metric')}
            data={options}
            value={metric?.type ?? null}
            onChange={(value) => value && onChange(withMetricType(widget, i, value))}
            error={issue(`metrics.${i}.type`)}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('widgetPanel.fields.noneFound')}
          />
          {several && metric && widget.metrics.length > 1 && (
            <ActionIcon variant="subtle" color="red" size="lg" mb={2} aria-label={t('widgetPanel.fields.removeMetric', { name: metricName(t, metric.type) })} onClick={() => onChange({ ...widget, metrics: removeAt(widget.metrics, i) })}>
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          )}
        </Group>
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
