import { ActionIcon, Button, ColorInput, Group, Stack } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { removeAt, replaceAt, withConfiguration } from '../widgetEdits.ts';
import type { SectionProps } from './sectionProps.ts';
import { COLOR_INPUT_STYLES, SWATCHES, nextSwatch } from './swatches.ts';

/** The colours of the series, in order (the metric's own colour when a series has none). */
export function ColorsSection({ widget, onChange, issue }: SectionProps) {
  const { t } = useTranslation();
  const colors = widget.configuration.colors ?? [];
  const set = (next: string[]) => onChange(withConfiguration(widget, { colors: next }));
  return (
    <Stack gap="xs">
      {colors.map((color, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
          <ColorInput style={{ flex: 1 }} label={t('widgetPanel.fields.colorN', { index: i + 1 })} value={color} onChange={(c) => set(replaceAt(colors, i, c))} swatches={SWATCHES} styles={COLOR_INPUT_STYLES} eyeDropperButtonProps={{ 'aria-label': t('widgetPanel.fields.pickColor') }} error={issue(`colors.${i}`)} />
          <ActionIcon variant="subtle" color="red" size="lg" mb={2} aria-label={t('widgetPanel.fields.removeColor', { index: i + 1 })} onClick={() => set(removeAt(colors, i))}>
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
      {colors.length < 50 && (
        <Button variant="light" size="xs" style={{ alignSelf: 'flex-start' }} leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={() => set([...colors, nextSwatch(colors.length)])}>
          {t('widgetPanel.fields.addColor')}
        </Button>
      )}
    </Stack>
  );
}
