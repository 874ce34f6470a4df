import { ActionIcon, Fieldset, Group, MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EDITOR_FILTER_VALUES, type EditorFilterType, MULTI_VALUE_FILTERS, type MetricFilterCondition, editorFilterOperators } from '@sitelens/domain';
import type { TargetOption } from '../useSiteTargets.ts';
import { withConditionType } from '../widgetEdits.ts';

interface ConditionRowProps {
  condition: MetricFilterCondition;
  index: number;
  /** Condition types the metric accepts. */
  types: readonly EditorFilterType[];
  tags: Array<{ group: string; items: TargetOption[] }>;
  onChange: (next: MetricFilterCondition) => void;
  onRemove: () => void;
  error?: string;
}

/** Weekday names in the page's language, ISO 1 = Monday (1 January 2024 was a Monday). */
const weekdays = (locale: string) => {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return EDITOR_FILTER_VALUES.day.map((d) => ({ value: d, label: format.format(Date.UTC(2024, 0, Number(d))) }));
};

/** One condition of a metric: what it filters on, is or is not, and the values kept. */
export function ConditionRow({ condition, index, types, tags, onChange, onRemove, error }: ConditionRowProps) {
  const { t, i18n } = useTranslation();
  const type = condition.type as EditorFilterType;
  const typeOptions = [...new Set<string>([...types, condition.type])].map((v) => ({ value: v, label: t(`widgetPanel.filters.types.${v}`) }));
  const operators = editorFilterOperators(type).map((o) => ({ value: o, label: t(`widgetPanel.filters.operators.${o}`) }));
  const values =
    type === 'category' ? tags : type === 'day' ? weekdays(i18n.language) : (EDITOR_FILTER_VALUES[type as Exclude<EditorFilterType, 'category'>] ?? []).map((v) => ({ value: v, label: t(`widgetPanel.filters.values.${v}`) }));
  const valueLabel = t('widgetPanel.filters.values.label');
  return (
    <Fieldset legend={t('widgetPanel.filters.conditionN', { index: index + 1 })} variant="unstyled" data-testid="filter-condition">
      <SimpleGrid cols={2} spacing="xs">
        <Select label={t('widgetPanel.filters.type')} data={typeOptions} value={condition.type} onChange={(v) => v && onChange(withConditionType(condition, v as EditorFilterType))} allowDeselect={false} />
        <Select label={t('widgetPanel.filters.operator')} data={operators} value={condition.operator ?? 'IS'} onChange={(v) => v && onChange({ ...condition, operator: v as 'IS' | 'IS_NOT' })} allowDeselect={false} />
      </SimpleGrid>
      <Group gap="xs" align="flex-end" wrap="nowrap" mt={4}>
        {MULTI_VALUE_FILTERS.includes(type) ? (
          <MultiSelect
            style={{ flex: 1 }}
            label={valueLabel}
            data={values}
            value={condition.values ?? []}
            onChange={(next) => onChange({ ...condition, values: next })}
            error={error}
            searchable
            nothingFoundMessage={type === 'category' && tags.length === 0 ? t('widgetPanel.filters.noTags') : t('widgetPanel.fields.noneFound')}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Select style={{ flex: 1 }} label={valueLabel} data={values} value={condition.values?.[0] ?? null} onChange={(v) => v && onChange({ ...condition, values: [v] })} error={error} allowDeselect={false} />
        )}
        <ActionIcon variant="subtle" color="red" size="lg" mb={error ? 24 : 2} aria-label={t('widgetPanel.filters.remove', { index: index + 1 })} onClick={onRemove}>
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </Fieldset>
  );
}
