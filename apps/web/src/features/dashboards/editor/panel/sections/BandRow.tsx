import { ActionIcon, ColorInput, Fieldset, Group, SimpleGrid, TextInput } from '@mantine/core';
import { NumberField } from '../../../../../shared/forms/NumberField.tsx';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ColorimetryBand } from '@sitelens/domain';
import { numberOf } from '../widgetEdits.ts';
import { COLOR_INPUT_STYLES, SWATCHES } from './swatches.ts';

interface BandRowProps {
  band: ColorimetryBand;
  index: number;
  onChange: (band: ColorimetryBand) => void;
  onRemove: () => void;
  error?: string;
  colorError?: string;
}

/** One colour band: a value v takes its colour when from <= v < up to; its label names the level. */
export function BandRow({ band, index, onChange, onRemove, error, colorError }: BandRowProps) {
  const { t } = useTranslation();
  const [low, high] = band.limits;
  const shown = (v: number) => (Number.isFinite(v) ? v : '');
  return (
    <Fieldset legend={t('widgetPanel.fields.bandN', { index: index + 1 })} variant="unstyled">
      <SimpleGrid cols={2} spacing="xs">
        <NumberField label={t('widgetPanel.fields.low')} value={shown(low)} onChange={(v) => onChange({ ...band, limits: [numberOf(v), high] })} error={error} />
        <NumberField label={t('widgetPanel.fields.high')} value={shown(high)} onChange={(v) => onChange({ ...band, limits: [low, numberOf(v)] })} error={error ? ' ' : undefined} />
        <ColorInput label={t('widgetPanel.fields.color')} value={band.color} onChange={(color) => onChange({ ...band, color })} swatches={SWATCHES} styles={COLOR_INPUT_STYLES} eyeDropperButtonProps={{ 'aria-label': t('widgetPanel.fields.pickColor') }} error={colorError} />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput style={{ flex: 1 }} label={t('widgetPanel.fields.label')} value={band.text ?? ''} maxLength={200} onChange={(e) => onChange({ ...band, text: e.currentTarget.value || undefined })} />
          <ActionIcon variant="subtle" color="red" size="lg" mb={2} aria-label={t('widgetPanel.fields.removeBand', { index: index + 1 })} onClick={onRemove}>
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </SimpleGrid>
    </Fieldset>
  );
}
