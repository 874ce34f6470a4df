import { Fieldset, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EDITOR_AGGREGATIONS, EDITOR_GRANULARITIES, type EditorGranularity, type GroupByType, editorGranularityOf, editorGroupBys } from '@sitelens/domain';
import { metricName } from '../../../../../widgets/tables/shared/metricName.ts';
import { withGroupByField, withGroupByType, withMetric } from '../widgetEdits.ts';
import type { SectionProps } from './sectionProps.ts';

/** Per metric: how it is grouped (none, by date with a time step, per zone, per breakdown) and aggregated. */
export function GroupingSection({ widget, onChange, issue }: SectionProps) {
  const { t } = useTranslation();
  const granularities = (Object.keys(EDITOR_GRANULARITIES) as EditorGranularity[]).map((g) => ({ value: g, label: t(`widgetPanel.granularity.${g}`) }));
  const aggregations = [{ value: 'default', label: t('widgetPanel.aggregation.default') }, ...EDITOR_AGGREGATIONS.map((a) => ({ value: a, label: t(`widgetPanel.aggregation.${a}`) }))];
  const rows = widget.metrics.map((metric, i) => {
    const groupBys = [{ value: 'none', label: t('widgetPanel.groupBy.none') }, ...editorGroupBys(metric.type).map((g) => ({ value: g, label: t(`widgetPanel.groupBy.${g}`) }))];
    const change = (next: typeof metric) => onChange(withMetric(widget, i, next));
    const fields = (
      <Stack gap="xs">
        <Select
          label={t('widgetPanel.fields.groupBy')}
          data={groupBys}
          value={metric.groupBy?.type ?? 'none'}
          onChange={(value) => value && change(withGroupByType(metric, value as GroupByType | 'none'))}
          error={issue(`metrics.${i}.groupBy`)}
          allowDeselect={false}
        />
        {metric.groupBy?.type === 'date' && (
          <Select
            label={t('widgetPanel.fields.granularity')}
            data={granularities}
            value={editorGranularityOf(metric.groupBy.granularity) ?? 'hour'}
            onChange={(value) => value && change(withGroupByField(metric, 'granularity', EDITOR_GRANULARITIES[value as EditorGranularity]))}
            allowDeselect={false}
          />
        )}
        {/* The panel's full width, not half of it beside the time step: its values ("The metric’s usual one") read whole in every language. */}
        <Select
          label={t('widgetPanel.fields.aggregation')}
          data={aggregations}
          value={metric.groupBy?.aggregation ?? 'default'}
          onChange={(value) => value && change(withGroupByField(metric, 'aggregation', value === 'default' ? undefined : value))}
          error={issue(`metrics.${i}.aggregation`)}
          allowDeselect={false}
        />
      </Stack>
    );
    return widget.metrics.length > 1 ? (
      <Fieldset key={i} legend={metricName(t, metric.type)} variant="unstyled">
        {fields}
      </Fieldset>
    ) : (
      <div key={i}>{fields}</div>
    );
  });
  return <Stack gap="md">{rows}</Stack>;
}
