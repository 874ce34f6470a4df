import { ActionIcon, Button, ColorInput, Fieldset, Group, Stack, TextInput } from '@mantine/core';
import { NumberField } from '../../../../../shared/forms/NumberField.tsx';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Threshold } from '@sitelens/domain';
import { numberOf, removeAt, replaceAt, withConfiguration } from '../widgetEdits.ts';
import type { SectionProps } from './sectionProps.ts';
import { COLOR_INPUT_STYLES, SWATCHES, nextSwatch } from './swatches.ts';

/** Lines drawn at values (cartesian charts) or the colours a gauge or bar takes past each value. */
export function ThresholdsSection({ widget, onChange, issue }: SectionProps) {
  const { t } = useTranslation();
  const thresholds = widget.configuration.thresholds ?? [];
  const set = (next: Threshold[]) => onChange(withConfiguration(widget, { thresholds: next }));
  const patch = (i: number, p: Partial<Threshold>) => set(replaceAt(thresholds, i, { ...thresholds[i]!, ...p }));
  return (
    <Stack gap="sm">
      {thresholds.map((th, i) => (
        <Fieldset key={i} legend={t('widgetPanel.fields.thresholdN', { index: i + 1 })} variant="unstyled">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <NumberField style={{ flex: 1 }} label={t('widgetPanel.fields.value')} value={Number.isFinite(th.value) ? th.value : ''} onChange={(v) => patch(i, { value: numberOf(v) })} error={issue(`thresholds.${i}`)} />
            <ColorInput style={{ flex: 1 }} label={t('widgetPanel.fields.color')} value={th.color ?? ''} onChange={(color) => patch(i, { color: color || undefined })} swatches={SWATCHES} styles={COLOR_INPUT_STYLES} eyeDropperButtonProps={{ 'aria-label': t('widgetPanel.fields.pickColor') }} error={issue(`thresholds.${i}.color`)} />
          </Group>
          <Group gap="xs" align="flex-end" wrap="nowrap" mt={4}>
            <TextInput style={{ flex: 1 }} label={t('widgetPanel.fields.label')} value={th.label ?? ''} maxLength={200} onChange={(e) => patch(i, { label: e.currentTarget.value || undefined })} />
            <ActionIcon variant="subtle" color="red" size="lg" mb={2} aria-label={t('widgetPanel.fields.removeThreshold', { index: i + 1 })} onClick={() => set(removeAt(thresholds, i))}>
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Fieldset>
      ))}
      {thresholds.length < 20 && (
        <Button
          variant="light"
          size="xs"
          style={{ alignSelf: 'flex-start' }}
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() => set([...thresholds, { value: (thresholds.at(-1)?.value ?? 0) + 10, color: nextSwatch(thresholds.length) }])}
        >
          {t('widgetPanel.fields.addThreshold')}
        </Button>
      )}
    </Stack>
  );
}
