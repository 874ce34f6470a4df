import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { realTimeModeOf } from '@sitelens/domain';
import type { SectionProps } from './sectionProps.ts';

const MODES = ['none', 'slow', 'fast', 'live'] as const;

/** How the widget refreshes: with the page only, by polling slowly or fast, or live. */
export function RefreshSection({ widget, onChange }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('widgetPanel.fields.refresh')}
      data={MODES.map((m) => ({ value: m, label: t(`widgetPanel.refresh.${m}`) }))}
      value={widget.realTime ?? 'none'}
      onChange={(value) => onChange({ ...widget, realTime: realTimeModeOf(value) })}
      allowDeselect={false}
    />
  );
}
