import { Checkbox, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { widgetEditorFields } from '@sitelens/domain';
import { withIgnoredFilters } from '../widgetEdits.ts';
import type { SectionProps } from './sectionProps.ts';

/** The page filters this widget does not follow: only those its type's renderer reads. */
export function IgnoredFiltersSection({ widget, onChange }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t('widgetPanel.ignoredFilters.label')}
      description={t('widgetPanel.ignoredFilters.note')}
      value={widget.ignoredFilters}
      onChange={(values) => onChange(withIgnoredFilters(widget, values))}
    >
      <Stack gap="xs" mt="xs">
        {widgetEditorFields(widget.type).ignorable.map((f) => (
          <Checkbox key={f} value={f} label={t(`widgetPanel.ignoredFilters.types.${f}`)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
