import { Button, Fieldset, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type EditorFilterType, type WidgetMetric, editorFilterTypes } from '@sitelens/domain';
import { metricName } from '../../../../../widgets/tables/shared/metricName.ts';
import type { SiteTargets } from '../useSiteTargets.ts';
import { newCondition, removeAt, replaceAt, withConditions, withMetric } from '../widgetEdits.ts';
import { ConditionRow } from './ConditionRow.tsx';
import type { SectionProps } from './sectionProps.ts';

const MAX_CONDITIONS = 20;

/** Per metric: its own conditions (gender, engagement, category, days, hours), on top of the page's filters. */
export function FiltersSection({ widget, onChange, issue, targets }: SectionProps & { targets: Pick<SiteTargets, 'tags'> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="xs" c="dimmed">
        {t('widgetPanel.filters.note')}
      </Text>
      {widget.metrics.map((metric, m) => {
        const conditions = metric.filters?.conditions ?? [];
        const types = editorFilterTypes(metric.type);
        const set = (next: typeof conditions) => onChange(withMetric(widget, m, withConditions(metric, next)));
        const body = (
          <Stack gap="xs">
            {conditions.map((c, i) => (
              <ConditionRow
                key={i}
                condition={c}
                index={i}
                types={types}
                tags={targets.tags}
                onChange={(next) => set(replaceAt(conditions, i, next))}
                onRemove={() => set(removeAt(conditions, i))}
                error={issue(`metrics.${m}.filters.${i}`)}
              />
            ))}
            {types.length > 0 && conditions.length < MAX_CONDITIONS && <AddCondition metric={metric} onAdd={() => set([...conditions, newCondition(nextType(types, conditions))])} />}
          </Stack>
        );
        return widget.metrics.length > 1 ? (
          <Fieldset key={m} legend={metricName(t, metric.type)} variant="unstyled">
            {body}
          </Fieldset>
        ) : (
          <div key={m}>{body}</div>
        );
      })}
    </Stack>
  );
}

/** The first type the metric takes that no condition uses yet, else the first one. */
const nextType = (types: readonly EditorFilterType[], conditions: ReadonlyArray<{ type: string }>): EditorFilterType => types.find((ty) => !conditions.some((c) => c.type === ty)) ?? types[0]!;

function AddCondition({ metric, onAdd }: { metric: WidgetMetric; onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="light" size="xs" style={{ alignSelf: 'flex-start' }} leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={onAdd} aria-description={metricName(t, metric.type)}>
      {t('widgetPanel.filters.add')}
    </Button>
  );
}
