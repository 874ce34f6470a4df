import { Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { widgetEditorFields } from '@sitelens/domain';
import { withConfiguration } from '../widgetEdits.ts';
import type { SectionProps } from './sectionProps.ts';

/** The configuration switches the widget's type reads (stacked, legend, half circle, percentage, unit). */
export function DisplaySection({ widget, onChange }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {widgetEditorFields(widget.type).switches.map((key) => (
        <Switch
          key={key}
          label={t(`widgetPanel.display.${key}`)}
          checked={widget.configuration[key] === true}
          onChange={(e) => onChange(withConfiguration(widget, { [key]: e.currentTarget.checked || undefined }))}
        />
      ))}
    </Stack>
  );
}
