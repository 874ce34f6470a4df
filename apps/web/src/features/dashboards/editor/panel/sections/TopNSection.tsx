import { Fieldset, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { NumberField } from '../../../../../shared/forms/NumberField.tsx';
import { useTranslation } from 'react-i18next';
import { EDITOR_LIMIT_MAX } from '@sitelens/domain';
import { metricName } from '../../../../../widgets/tables/shared/metricName.ts';
import { withLimit, withMetric, withSortOrder } from '../widgetEdits.ts';
import type { SectionProps } from './sectionProps.ts';

const ORDERS = ['none', 'DESC', 'ASC'] as const;

/** Per metric: how many of its series (zones, passages, devices, tags) to keep, and in which order. */
export function TopNSection({ widget, onChange, issue }: SectionProps) {
  const { t } = useTranslation();
  const orders = ORDERS.map((o) => ({ value: o, label: t(`widgetPanel.topN.orders.${o}`) }));
  return (
    <Stack gap="md">
      <Text size="xs" c="dimmed">
        {t('widgetPanel.topN.note')}
      </Text>
      {widget.metrics.map((metric, i) => {
        const change = (next: typeof metric) => onChange(withMetric(widget, i, next));
        const fields = (
          <SimpleGrid cols={2} spacing="xs">
            <NumberField
              label={t('widgetPanel.topN.limit')}
              placeholder={t('widgetPanel.topN.all')}
              value={metric.limit ?? ''}
              min={1}
              max={EDITOR_LIMIT_MAX}
              allowDecimal={false}
              allowNegative={false}
              onChange={(v) => change(withLimit(metric, v === '' ? undefined : Number(v)))}
              error={issue(`metrics.${i}.limit`)}
            />
            <Select
              label={t('widgetPanel.topN.order')}
              data={orders}
              value={metric.sortBy?.order ?? 'none'}
              onChange={(v) => v && change(withSortOrder(metric, v as (typeof ORDERS)[number]))}
              error={issue(`metrics.${i}.sortBy`)}
              allowDeselect={false}
            />
          </SimpleGrid>
        );
        return widget.metrics.length > 1 ? (
          <Fieldset key={i} legend={metricName(t, metric.type)} variant="unstyled">
            {fields}
          </Fieldset>
        ) : (
          <div key={i}>{fields}</div>
        );
      })}
    </Stack>
  );
}
