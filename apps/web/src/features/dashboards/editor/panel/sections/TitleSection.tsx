import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SectionProps } from './sectionProps.ts';

export function TitleSection({ widget, onChange, issue }: SectionProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('widgetPanel.fields.title')}
      value={widget.title}
      onChange={(e) => onChange({ ...widget, title: e.currentTarget.value })}
      error={issue('title')}
      maxLength={200}
      required
    />
  );
}
